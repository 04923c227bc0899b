/**
 * The currency a response was priced in. Storefront JSON never names it; Shopify sets
 * `cart_currency` on the same response (Markets/geo may differ from the shop's base
 * currency in meta.json), so read it from that response's Set-Cookie, never assume.
 */
export function readCartCurrency(setCookies: readonly string[]): string | null {
  for (const cookie of setCookies) {
    const match = /^\s*cart_currency=([A-Za-z]{3})\b/.exec(cookie);
    if (match?.[1]) {
      return match[1].toUpperCase();
    }
  }

  return null;
}
