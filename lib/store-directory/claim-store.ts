import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { jobs, stores, type Store } from "@/db/schema";
import { bareHost, slugForDomain } from "@/lib/shopify-reader/domain";

type Executor = Database | Transaction;

/** `www.x.com` and `x.com` are one store (docs/decisions.md §6.2): both spellings of a host. */
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

/** The latest job of the store a domain names (any spelling), else of that exact domain. */
export async function findLatestJobOfStore(domain: string) {
  const store = await findStoreForDomain(getDb(), domain);
  const where = store
    ? or(eq(jobs.storeId, store.id), inArray(jobs.domain, domainSpellings(domain)))
    : inArray(jobs.domain, domainSpellings(domain));
  const [job] = await getDb().select().from(jobs).where(where).orderBy(desc(jobs.createdAt)).limit(1);

  return job ?? null;
}
