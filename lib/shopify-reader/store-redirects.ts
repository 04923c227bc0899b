import type { RedirectHop } from "@/lib/net";
import { bareHost, myshopifyHostOf } from "@/lib/store-domain/host-names";

/**
 * Which redirects a store request may follow: only within the store's own identity (a redirect
 * elsewhere is another site, whose robots.txt we have not read and whose catalog is not this
 * store's). The store's hosts, from the domain it was asked on:
 *
 * - the same host, `www.` or not (`shop.com` ↔ `www.shop.com`);
 * - a `*.myshopify.com` host (only Shopify answers there; resolve-store confirms whose shop it is);
 * - from the asked host itself when that is a `*.myshopify.com` host, the one host it sends us
 *   to: Shopify redirects a shop's myshopify host to the shop's primary domain.
 *
 * Another shop domain redirecting to this one (a secondary domain) cannot be told from any site
 * redirecting elsewhere without asking the other host, so it is refused too: the failure names
 * the host to analyze instead. `offStore` returns the host a redirect is refused for, or null.
 */
export function storeRedirectPolicy(domain: string): { offStore(next: URL, hop: RedirectHop): string | null } {
  const asked = bareHost(domain);
  const fromShopify = myshopifyHostOf(domain) !== null;
  let primary: string | null = null;

  return {
    offStore(next, hop) {
      const to = bareHost(next.hostname);
      if (to === asked || to === primary || myshopifyHostOf(to)) return null;
      if (fromShopify && primary === null && bareHost(hostOf(hop.url)) === asked) {
        primary = to;

        return null;
      }

      return next.hostname.toLowerCase();
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}
