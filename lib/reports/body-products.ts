/** Where a stored report body's products lie: the envelope around them, and each product's span. */
export type BodyLayout = {
  envelope: Record<string, unknown>;
  /** Product i is text.slice(spans[2i], spans[2i + 1]). */
  spans: Uint32Array;
  count: number;
};

const PRODUCTS_KEY = '"products":';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
/** What changes the nesting outside strings; everything else is skipped by the regex engine. */
const STRUCTURAL = /["{}[\]]/g;

/** Index of the quote closing the string whose content starts at `from` (one with an even run of backslashes before it). */
function stringEnd(text: string, from: number): number {
  for (let at = from; ; at += 1) {
    at = text.indexOf('"', at);
    if (at < 0) throw new Error("stored report body has an unterminated string");
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

/**
 * Splits a report body (the JSON text the full answer serves) into its envelope and the spans
 * of its products, in one linear pass that jumps from one bracket or quote to the next: a
 * completed report's pages are cut from the same bytes as its full answer, whatever became of
 * the snapshot rows they were built from. The body is our own serialization (report-body.ts):
 * `products` is a key of the top-level object, holding objects; a `products` key nested deeper
 * (store metadata) is told apart by its depth.
 */
export function readBodyLayout(text: string): BodyLayout {
  const spans: number[] = [];
  let depth = 0;
  let arrayStart = -1;
  let arrayEnd = -1;
  let elementStart = -1;
  const structural = new RegExp(STRUCTURAL.source, "g");
  for (let match = structural.exec(text); match !== null; match = structural.exec(text)) {
    const i = match.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      structural.lastIndex = stringEnd(text, i + 1) + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 1 && c === OPEN_BRACKET && arrayStart < 0 && text.endsWith(PRODUCTS_KEY, i)) arrayStart = i;
      else if (depth === 2 && arrayStart >= 0 && arrayEnd < 0) elementStart = i;
      depth += 1;
    } else {
      depth -= 1;
      if (depth === 2 && elementStart >= 0) {
        spans.push(elementStart, i + 1);
        elementStart = -1;
      } else if (depth === 1 && arrayStart >= 0 && arrayEnd < 0) {
        arrayEnd = i;
        // The rest of the body is the envelope's second half: parsed below, not scanned.
        break;
      }
    }
  }
  if (arrayStart < 0 || arrayEnd < 0) throw new Error("stored report body has no products array");
  const envelope = JSON.parse(`${text.slice(0, arrayStart)}[]${text.slice(arrayEnd + 1)}`) as Record<string, unknown>;

  return { envelope, spans: Uint32Array.from(spans), count: spans.length / 2 };
}

/** The products of one page of a body, parsed from their spans. */
export function bodyProducts(text: string, { spans, count }: BodyLayout, offset: number, limit: number): unknown[] {
  const products: unknown[] = [];
  for (let i = offset; i < Math.min(count, offset + limit); i += 1) products.push(JSON.parse(text.slice(spans[2 * i], spans[2 * i + 1])));

  return products;
}

/** The envelope with `products` (and what follows it, e.g. its pagination) put back in its place. */
export function withProducts(envelope: Record<string, unknown>, products: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(envelope)) {
    if (key === "products") Object.assign(out, products);
    else out[key] = value;
  }

  return out;
}
