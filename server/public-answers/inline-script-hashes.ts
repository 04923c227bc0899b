import { createHash } from "node:crypto";

/** An inline script: its attributes and raw text (a script's text ends at the first `</script`). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

/**
 * CSP hash sources (`sha256-…`) of every inline script of an HTML page, in order of first
 * appearance: the digest of the element's text as the browser reads it. Scripts loaded from a
 * file are left to 'self'. Data blocks (JSON-LD) are included too: they never run, and a
 * digest more allows nothing that is not already in the page.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }

  return [...hashes];
}
