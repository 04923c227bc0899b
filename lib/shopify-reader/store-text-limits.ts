import type { ProductCut } from "./schemas";

/**
 * What one product, collection or page may store, whatever the store serves. A store's JSON is
 * its own word: nothing stops it from serving a 1 MB title, 10,000 tags or 5,000 variants, and
 * gzip makes such a catalog cheap to send. Each limit sits above what Shopify itself accepts
 * (docs/decisions.md §13.1), so a real store is never cut: Shopify caps titles, handles, vendors,
 * product types, tags, option names and values and SKUs at 255 characters (at most 1,020 bytes of
 * UTF-8), a product at 250 tags, 3 options, 250 images and, since 2024, 2,048 variants. What is
 * cut is counted (`ContentCut`) and said in the report.
 */

/** A name-like value: 255 characters of up to 4 UTF-8 bytes each, with room to spare. */
export const SHORT_TEXT_MAX_BYTES = 1024;
/** A variant title is its option values joined by " / ". */
export const VARIANT_TITLE_MAX_BYTES = 3 * SHORT_TEXT_MAX_BYTES + 6;
/** Image and collection image URLs; Shopify's CDN URLs are about 150 bytes. */
export const URL_MAX_BYTES = 2048;
/** A shop's meta.json description (Shopify's SEO description is 320 characters). */
export const META_DESCRIPTION_MAX_BYTES = 4096;
/** ISO timestamps are 25 bytes; a longer value is not a timestamp and is dropped. */
export const TIMESTAMP_MAX_BYTES = 64;
/** Prices are short decimal strings ("19.90"); a longer value is not a price and is dropped. */
export const PRICE_MAX_BYTES = 32;

export const MAX_TAGS_PER_PRODUCT = 250;
export const MAX_OPTIONS_PER_PRODUCT = 3;
/** One value per variant at most. */
export const MAX_OPTION_VALUES = 2048;
export const MAX_VARIANTS_PER_PRODUCT = 2048;
/** Images counted per product (`imageCount`); only the first few are kept (MAX_IMAGES_KEPT). */
export const MAX_IMAGES_PER_PRODUCT = 250;
/** Countries a store ships to: about 250 exist. */
export const MAX_SHIPS_TO_COUNTRIES = 300;

/** What limits took out of one product (or of a job's products, summed): `productCutSchema`. */
export type ContentCut = ProductCut;

export const NOTHING_CUT: ContentCut = { variants: 0, images: 0, tags: 0, options: 0, textFields: 0, bytes: 0 };

export function addCut(into: ContentCut, cut: ContentCut): void {
  into.variants += cut.variants;
  into.images += cut.images;
  into.tags += cut.tags;
  into.options += cut.options;
  into.textFields += cut.textFields;
  into.bytes += cut.bytes;
}

export function anythingCut(cut: ContentCut): boolean {
  return cut.variants + cut.images + cut.tags + cut.options + cut.textFields + cut.bytes > 0;
}

// encodeInto writes whole characters only and stops when the buffer is full: one bounded pass,
// however long the value. One buffer serves every call (this is synchronous).
const encoder = new TextEncoder();
const scratch = new Uint8Array(Math.max(VARIANT_TITLE_MAX_BYTES, URL_MAX_BYTES, META_DESCRIPTION_MAX_BYTES));

/** `text` shortened to at most `maxBytes` of UTF-8 on a character boundary, the cut counted in `cut`. */
export function cutText(text: string, maxBytes: number, cut: ContentCut): string {
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
  if (text.length * 3 <= maxBytes) return text;
  const { read } = encoder.encodeInto(text, scratch.subarray(0, maxBytes));
  if (read === text.length) return text;
  const kept = text.slice(0, read);
  cut.textFields += 1;
  cut.bytes += Buffer.byteLength(text) - Buffer.byteLength(kept);

  return kept;
}

/** `text`, or null when it does not fit `maxBytes`: a value that is useless once shortened (a price, a URL). */
export function fitOrDrop(text: string | null, maxBytes: number, cut: ContentCut): string | null {
  if (text === null || text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) return text;
  cut.textFields += 1;
  cut.bytes += Buffer.byteLength(text);

  return null;
}

/** The first `max` items; those left out are counted by `count` (and their text bytes when `bytesOf`). */
export function keepFirst<T>(
  items: readonly T[],
  max: number,
  cut: ContentCut,
  count: "variants" | "images" | "tags" | "options",
  bytesOf?: (item: T) => number,
): T[] {
  if (items.length <= max) return items as T[];
  cut[count] += items.length - max;
  if (bytesOf) for (let i = max; i < items.length; i++) cut.bytes += bytesOf(items[i]!);

  return items.slice(0, max);
}
