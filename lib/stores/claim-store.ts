import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { jobs, stores, type Store } from "@/db/schema";
import { bareHost, myshopifyHostOf, slugForDomain } from "@/lib/shopify/domain";

type Executor = Database | Transaction;

/** `www.x.com` and `x.com` are one store (docs/design.md §6.2): both spellings of a host. */
export function domainSpellings(domain: string): string[] {
  const bare = bareHost(domain);

  return [bare, `www.${bare}`];
}

/**
 * The store a domain names: its own row (with or without `www.`), or the analyzed shop whose
 * confirmed `*.myshopify.com` identity it is (only confirmed identities are stored, one row
 * each). Analyzed rows first, so a placeholder created for an alias never shadows the shop.
 */
export async function findStoreForDomain(db: Executor, domain: string): Promise<Store | null> {
  const [store] = await db
    .select()
    .from(stores)
    .where(or(inArray(stores.domain, domainSpellings(domain)), eq(stores.myshopifyDomain, domain)))
    .orderBy(sql`${stores.latestJobId} is null`, sql`${stores.domain} <> ${domain}`, stores.createdAt)
    .limit(1);

  return store ?? null;
}

const MAX_SLUG_ATTEMPTS = 50;

/**
 * The store row of a submitted domain, created when new. Slugs are not one-to-one with
 * domains (`shop-co.uk` and `shop.co.uk` both give `shop-co-uk`), so a taken slug gets the
 * next free suffix (`shop-co-uk-2`): a slug names one store forever.
 */
export async function claimStoreForDomain(tx: Transaction, domain: string): Promise<Store> {
  const existing = await findStoreForDomain(tx, domain);
  if (existing) return existing;

  const base = slugForDomain(domain);
  for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt += 1) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`;
    const [created] = await tx.insert(stores).values({ domain, slug }).onConflictDoNothing().returning();
    if (created) return created;
    // Either the slug is another store's, or a concurrent submission just created ours.
    const raced = await findStoreForDomain(tx, domain);
    if (raced) return raced;
  }

  throw new Error(`no free slug for ${domain} after ${MAX_SLUG_ATTEMPTS} attempts`);
}

/**
 * One shop is one store: once Shopify confirmed the shop's `*.myshopify.com` identity
 * (lib/shopify/shop-identity.ts), a job submitted under another of its domains moves to the row
 * that holds that identity, and a store seen for the first time records it. An unconfirmed claim
 * (null) changes nothing: the job stays on its own domain's row. An identity is only ever
 * compared with identities, never with another row's `domain`. Returns the job's store.
 */
export async function attachJobToShop(jobId: string, confirmedIdentity: string | null): Promise<{ storeId: string; slug: string }> {
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
    await tx
      .update(stores)
      .set({ myshopifyDomain: identity })
      .where(and(eq(stores.id, job.storeId), inArray(stores.domain, domainSpellings(job.domain))));

    return current;
  });
}

/** The latest job of the store a domain names (any spelling), else of that exact domain. */
export async function findLatestJobOfStore(domain: string) {
  const store = await findStoreForDomain(getDb(), domain);
  const where = store
    ? or(eq(jobs.storeId, store.id), inArray(jobs.domain, domainSpellings(domain)))
    : inArray(jobs.domain, domainSpellings(domain));
  const [job] = await getDb().select().from(jobs).where(where).orderBy(desc(jobs.createdAt)).limit(1);

  return job ?? null;
}
