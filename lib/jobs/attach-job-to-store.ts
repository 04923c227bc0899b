import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { myshopifyHostOf } from "@/lib/store-domain/host-names";
import { recordShopIdentity } from "@/lib/store-directory/record-shop-identity";

/**
 * One shop is one store: once Shopify confirmed the shop's `*.myshopify.com` identity
 * (lib/shopify-reader/shop-identity.ts), a job submitted under another of its domains moves to the row
 * that holds that identity, and a store seen for the first time records it. An unconfirmed claim
 * (null) changes nothing: the job stays on its own domain's row. An identity is only ever
 * compared with identities, never with another row's `domain`. Returns the job's store.
 */
export async function attachJobToStore(jobId: string, confirmedIdentity: string | null): Promise<{ storeId: string; slug: string }> {
  return getDb().transaction(async (tx) => {
    const [job] = await tx.select({ storeId: jobs.storeId, slug: jobs.slug, domain: jobs.domain }).from(jobs).where(eq(jobs.id, jobId));
    if (!job) throw new Error(`job ${jobId} not found`);
    const current = { storeId: job.storeId, slug: job.slug };
    const identity = myshopifyHostOf(confirmedIdentity);
    if (!identity) return current;

    // Two first jobs of one shop under two domains must not both record it (unique column).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-identity:${identity}`}))`);
    const [shop] = await tx.select({ id: stores.id, slug: stores.slug }).from(stores).where(eq(stores.myshopifyDomain, identity));
    if (shop) {
      if (shop.id !== job.storeId) {
        await tx.update(jobs).set({ storeId: shop.id, slug: shop.slug }).where(eq(jobs.id, jobId));
      }

      return { storeId: shop.id, slug: shop.slug };
    }
    // The identity goes on the row of the job's own domain only: Shopify named that domain.
    await recordShopIdentity(tx, job.storeId, job.domain, identity);

    return current;
  });
}
