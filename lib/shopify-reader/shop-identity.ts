import { bareHost, myshopifyHostOf } from "@/lib/store-domain/host-names";
import type { StoreFetchOptions } from "./fetch-store";
import { isStoreFailure } from "./outcomes";
import { resolveStore, type ResolvedStore } from "./resolve-store";

/**
 * The shop's permanent `*.myshopify.com` host when Shopify itself vouches for the claim the
 * store made in its meta.json, else null (docs/hostile-input.md, "Store identity").
 *
 * A host's meta.json is the host's word: any web server can name another shop's myshopify host
 * and copy that shop's id from its public meta.json. Only Shopify answers on `*.myshopify.com`, so
 * the claim stands when we reached that host ourselves (it was submitted, or the store redirected
 * us there), or when that host answers with the same shop id and names this store's host as its
 * domain (its meta.json `domain`, or where it redirected us). A domain that serves the shop but
 * is not the one Shopify names (a Markets domain, say) stays unconfirmed: it keeps its own store.
 * A failed look-up confirms nothing either.
 */
export async function confirmShopIdentity(store: ResolvedStore, options: StoreFetchOptions = {}): Promise<string | null> {
  const claim = myshopifyHostOf(store.meta.myshopifyDomain);
  if (!claim) return null;
  const reached = [store.domain, store.canonicalDomain];
  if (reached.includes(claim)) return claim;

  const shopify = await resolveStore(claim, options);
  if (isStoreFailure(shopify) || shopify.meta.id !== store.meta.id) return null;
  const named = [shopify.canonicalDomain, shopify.meta.domain].flatMap((host) => (host ? [bareHost(host)] : []));

  return reached.some((host) => named.includes(bareHost(host))) ? claim : null;
}
