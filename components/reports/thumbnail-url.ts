/** Thumbnails are drawn at 48 px; twice that covers high-density screens. */
const THUMBNAIL_WIDTH = 96;

/**
 * A product image's address at thumbnail size. Shopify's CDN resizes on request (`width`), so a
 * page of 25 products loads 25 small images, not 25 full-size ones; any other host is left as is.
 * Null for anything but a web address: the placeholder shows instead.
 */
export function thumbnailUrl(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src.startsWith("//") ? `https:${src}` : src);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  // The Content-Security-Policy loads images over https only (lib/security/security-headers.ts).
  url.protocol = "https:";
  const shopifyCdn = url.hostname === "cdn.shopify.com" || url.pathname.startsWith("/cdn/shop/");
  if (shopifyCdn) url.searchParams.set("width", String(THUMBNAIL_WIDTH));

  return url.toString();
}
