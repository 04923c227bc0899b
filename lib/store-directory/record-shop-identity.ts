import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { stores } from "@/db/schema";
import { domainSpellings } from "./claim-store";

/**
 * Records a store's confirmed `*.myshopify.com` identity, on the row of the job's own domain
 * only (Shopify named that domain), inside the caller's transaction.
 */
export async function recordShopIdentity(tx: DbOrTx, storeId: string, jobDomain: string, identity: string): Promise<void> {
  await tx
    .update(stores)
    .set({ myshopifyDomain: identity })
    .where(and(eq(stores.id, storeId), inArray(stores.domain, domainSpellings(jobDomain))));
}
