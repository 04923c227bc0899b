import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, async: false });

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags, "img"];

/**
 * Markdown to HTML that is safe to embed. Posts quote store names and product titles
 * (text we scraped, so untrusted): whatever HTML they smuggle in is sanitized away —
 * no scripts, no event handlers, no javascript: links.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;

  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "title"], th: ["align"], td: ["align"] },
    allowedSchemes: ["http", "https", "mailto"],
    // The page title is the one h1: a heading in a post starts at h2.
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener" }), h1: "h2" },
  });
}

/** Untrusted text as literal Markdown: every character Markdown would read as syntax is escaped. */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, (c) => `\\${c}`);
