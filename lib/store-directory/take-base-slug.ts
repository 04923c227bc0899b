import { eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { stores, type Store } from "@/db/schema";
import { isUniqueViolation } from "@/db/unique-violation";
import { slugForDomain } from "@/lib/store-domain/host-names";
import { noFreeSlug, slugCandidates } from "./claim-store";

/** A store whose slug changed in this transaction. */
export type SlugChange = { storeId: string; from: string; to: string };

/** Gives the store this slug unless another row holds it; a savepoint keeps a collision from aborting the caller's transaction. */
async function trySlug(tx: Transaction, storeId: string, slug: string): Promise<boolean> {
  try {
    return await tx.transaction(async (savepoint) => {
      const changed = await savepoint.update(stores).set({ slug }).where(eq(stores.id, storeId)).returning({ id: stores.id });

      return changed.length > 0;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Moves a store that never completed an analysis off its base slug, to the first free suffix. */
async function moveAside(tx: Transaction, holder: Store): Promise<SlugChange> {
  for (const slug of slugCandidates(holder.domain)) {
    if (slug === holder.slug) continue;
    if (await trySlug(tx, holder.id, slug)) return { storeId: holder.id, from: holder.slug, to: slug };
  }
  throw noFreeSlug(holder.domain);
}

/**
 * A store completing its first analysis gets its base slug (`slugForDomain(domain)`) when the
 * base is free or held by a store that has never completed one: that placeholder moves to a
 * suffix of its own, in the same transaction. A store that has completed an analysis keeps its
 * slug for good, as does the one whose base it holds (docs/decisions.md §6.2). Call it before the
 * analysis is recorded on the store row. Returns the slugs that changed.
 */
export async function takeBaseSlug(tx: Transaction, storeId: string): Promise<SlugChange[]> {
  const [store] = await tx.select().from(stores).where(eq(stores.id, storeId)).for("no key update");
  if (!store || store.latestJobId) return [];
  const base = slugForDomain(store.domain);
  if (store.slug === base) return [];

  const [holder] = await tx.select().from(stores).where(eq(stores.slug, base)).for("update");
  if (holder?.latestJobId) return [];
  const changes = holder ? [await moveAside(tx, holder)] : [];
  // A store that completed concurrently may have taken the base meanwhile: then ours stays as it is.
  if (await trySlug(tx, store.id, base)) changes.push({ storeId: store.id, from: store.slug, to: base });

  return changes;
}
