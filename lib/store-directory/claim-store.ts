import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "@/db";
import { stores, type Store } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { bareHost, slugForDomain } from "@/lib/store-domain/host-names";

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

/** Readable suffixes tried after the base slug: `-2` … `-9`. */
const NUMBERED_SUFFIXES = 9;
/** Random suffixes tried last; each is 40 random bits, so even one almost never collides. */
const RANDOM_SUFFIXES = 16;

/**
 * The slugs a store of this domain may take, in order: the base (`slugForDomain`), `-2` … `-9`,
 * a suffix from a hash of the domain, then random suffixes. Anyone can hold the predictable ones
 * by submitting look-alike domains (`victim.shop-com`, `victim-shop.com-2`, …), never the random
 * ones, so a claim always ends on a free slug (docs/decisions.md §6.2).
 */
export function* slugCandidates(domain: string): Generator<string> {
  const base = slugForDomain(domain);
  yield base;
  for (let n = 2; n <= NUMBERED_SUFFIXES; n += 1) yield `${base}-${n}`;
  yield `${base}-${createHash("sha256").update(bareHost(domain)).digest("hex").slice(0, 8)}`;
  for (let n = 0; n < RANDOM_SUFFIXES; n += 1) yield `${base}-${randomBytes(5).toString("hex")}`;
}

/** Every candidate slug was taken: reported to the caller, with nothing written. */
export function noFreeSlug(domain: string): ApiError {
  return new ApiError("slug_unavailable", `No free page address could be found for ${domain}; nothing was changed, try again`, {
    headers: { "Retry-After": "1" },
  });
}

/**
 * The store row of a submitted domain, created when new. Slugs are not one-to-one with
 * domains (`shop-co.uk` and `shop.co.uk` both give `shop-co-uk`), so a taken slug gets the
 * next free suffix (`shop-co-uk-2`). Called only in the transaction that admits a job for the
 * store, so a refused request leaves no row; the slug is provisional until the store's first
 * analysis completes (takeBaseSlug), then it names that store forever (docs/decisions.md §6.2).
 */
export async function claimStoreForDomain(tx: Transaction, domain: string): Promise<Store> {
  const existing = await findStoreForDomain(tx, domain);
  if (existing) return existing;

  for (const slug of slugCandidates(domain)) {
    const [created] = await tx.insert(stores).values({ domain, slug }).onConflictDoNothing().returning();
    if (created) return created;
    // Either the slug is another store's, or a concurrent submission just created ours.
    const raced = await findStoreForDomain(tx, domain);
    if (raced) return raced;
  }

  throw noFreeSlug(domain);
}
