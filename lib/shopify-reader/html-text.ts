import { scanMarkup } from "./scan-markup";

/** A description needs a few thousand characters; no body is worth parsing past this. */
export const HTML_TEXT_MAX_INPUT = 512 * 1024;

const SKIPPED = new Set(["script", "style", "noscript", "template"]);

/**
 * Plain text of a product/page body, truncated on a word boundary. htmlparser2's
 * tokenizer is one linear pass (crafted bodies such as thousands of unclosed `<script` or
 * `<!--` cannot make it rescan), and the input is capped before parsing.
 */
export function htmlToText(html: string | null | undefined, maxLength: number): string {
  if (!html) {
    return "";
  }
  const parts: string[] = [];
  let skipDepth = 0;
  scanMarkup(
    html.length > HTML_TEXT_MAX_INPUT ? html.slice(0, HTML_TEXT_MAX_INPUT) : html,
    { xmlMode: false },
    {
      openTag(name) {
        if (SKIPPED.has(name)) skipDepth += 1;
        parts.push(" ");
      },
      closeTag(name) {
        if (SKIPPED.has(name) && skipDepth > 0) skipDepth -= 1;
        parts.push(" ");
      },
      text(text) {
        if (skipDepth === 0) parts.push(text);
      },
    },
  );
  const text = parts.join("").replace(/\s+/g, " ").trim();

  return truncate(text, maxLength);
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) {
    return text;
  }
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(" ");

  return `${space > maxLength * 0.6 ? cut.slice(0, space) : cut}…`;
}
