/** Where a stored report body's products lie: the envelope around them, and each product's span. */
export type BodyLayout = { envelope: Record<string, unknown>; spans: Array<[start: number, end: number]> };

const PRODUCTS_KEY = '"products":';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Splits a report body (the JSON text the full answer serves) into its envelope and the spans
 * of its products, in one linear pass: a completed report's pages are cut from the same bytes
 * as its full answer, whatever became of the snapshot rows they were built from. The body is
 * our own serialisation (report-body.ts): `products` is a key of the top-level object, holding
 * objects; a `products` key nested deeper (store metadata) is told apart by its depth.
 */
export function readBodyLayout(text: string): BodyLayout {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let inString = false;
  let arrayStart = -1;
  let arrayEnd = -1;
  let elementStart = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 1 && c === OPEN_BRACKET && arrayStart < 0 && text.endsWith(PRODUCTS_KEY, i)) arrayStart = i;
      else if (depth === 2 && arrayStart >= 0 && arrayEnd < 0) elementStart = i;
      depth += 1;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 2 && elementStart >= 0) {
        spans.push([elementStart, i + 1]);
        elementStart = -1;
      } else if (depth === 1 && arrayStart >= 0 && arrayEnd < 0) {
        arrayEnd = i;
      }
    }
  }
  if (arrayStart < 0 || arrayEnd < 0) throw new Error("stored report body has no products array");
  const envelope = JSON.parse(`${text.slice(0, arrayStart)}[]${text.slice(arrayEnd + 1)}`) as Record<string, unknown>;

  return { envelope, spans };
}

/** The products of one page of a body, parsed from their spans. */
export function bodyProducts(text: string, { spans }: BodyLayout, offset: number, limit: number): unknown[] {
  return spans.slice(offset, offset + limit).map(([start, end]) => JSON.parse(text.slice(start, end)) as unknown);
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
