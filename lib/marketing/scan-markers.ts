import type { EvidenceSource } from "@/lib/storefront-html/schemas";
import type { TagCollector } from "./collect-tags";
import { MARKER_RULES, SCRIPT_HOST_RULES, WINDOW, type MarkerRule } from "./marker-rules";
import { googleTagKind } from "./tag-kinds";

/** A text to scan and where on the page it is. */
export type ScanText = { text: string; source: EvidenceSource; kind: "url" | "inline" };

/** Per text: a storefront's inline script is tens of KB; a megabyte is already far past one. */
export const MAX_TEXT_CHARS = 1_000_000;
/** Over the page's texts together. */
export const MAX_TOTAL_CHARS = 4_000_000;
/** Markers tried per rule and text: a page repeating one a million times is not a storefront. */
const MAX_TRIES_PER_TEXT = 200;

const IDENT = /[\w$]/;

function applies(rule: MarkerRule, text: ScanText): boolean {
  return rule.where === "both" || rule.where === text.kind;
}

/** The marker rules' tags in one text: indexOf to each marker, the rule's pattern on a WINDOW after it. */
function scanText(scan: ScanText, tags: TagCollector) {
  const { text } = scan;
  for (const rule of MARKER_RULES) {
    if (!applies(rule, scan) || (rule.requires && !text.includes(rule.requires))) continue;
    let from = 0;
    for (let tries = 0; tries < MAX_TRIES_PER_TEXT && !tags.full; tries++) {
      const at = text.indexOf(rule.marker, from);
      if (at === -1) break;
      from = at + rule.marker.length;
      // `myfbq(` or `omega(` is not the marker.
      if (at > 0 && IDENT.test(rule.marker[0] as string) && IDENT.test(text[at - 1] as string)) continue;
      const window = text.slice(at, at + WINDOW);
      const match = rule.pattern.exec(window);
      const matched = match?.[1];
      if (!match || !matched) continue;
      const id = (rule.prefix ?? "") + matched;
      const kind = rule.kind === "google" ? googleTagKind(id) : rule.kind;
      if (kind) tags.add(kind, id, { evidence: match[0], source: scan.source, confidence: rule.confidence });
    }
  }
}

/** JSON-escaped URLs (ScriptTag lists: `https:\/\/…?id=1\u0026shop=…`) read as written in a page. */
function unescapeUrls(text: string): string {
  return text.includes("\\") ? text.replaceAll("\\/", "/").replaceAll("\\u0026", "&") : text;
}

/**
 * The tags that URLs and inline scripts show by marker (MARKER_RULES), and those only a loaded
 * script's host shows (SCRIPT_HOST_RULES, without id). Input beyond MAX_TEXT_CHARS per text and
 * MAX_TOTAL_CHARS in all is not read.
 */
export function scanMarkers(texts: readonly ScanText[], scriptSrcs: readonly string[], tags: TagCollector) {
  let budget = MAX_TOTAL_CHARS;
  for (const scan of texts) {
    if (budget <= 0 || tags.full) break;
    const text = unescapeUrls(scan.text.slice(0, Math.min(MAX_TEXT_CHARS, budget)));
    budget -= text.length;
    scanText({ ...scan, text }, tags);
  }
  for (const src of scriptSrcs) {
    for (const rule of SCRIPT_HOST_RULES) {
      const at = src.indexOf(rule.marker);
      if (at === 0 || (at > 0 && !IDENT.test(src[at - 1] as string)))
        tags.add(rule.kind, null, { evidence: src, source: "script", confidence: "medium" });
    }
  }
}
