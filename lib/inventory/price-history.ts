import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { changelogEntries, snapshotProducts, type Store } from "@/db/schema";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";
import { listCompletionTimes } from "@/lib/jobs/list-completed-jobs";
import { currentTime } from "@/lib/time-of-record";
import type { PriceHistory } from "./schemas";

// Prices are read from the changelog (kept for good, unlike old snapshots) and the store's latest
// snapshot (always kept): the two together give every price a variant had since the first analysis.

type Prices = { price: string | null; compareAtPrice: string | null };
type SnapshotVariant = Prices & { id: number; title: string | null };

const str = (value: unknown): string | null => (typeof value === "string" ? value : typeof value === "number" ? String(value) : null);

function pricesOf(value: unknown): Prices {
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};

  return { price: str(record.price), compareAtPrice: str(record.compareAtPrice) };
}

/** The variants of products in the store's latest snapshot, with their prices. */
async function latestVariants(store: Pick<Store, "latestJobId">, productIds: number[]): Promise<Map<number, SnapshotVariant[]>> {
  if (!store.latestJobId || productIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ productId: snapshotProducts.productId, variants: sql<unknown>`${snapshotProducts.data} -> 'variants'` })
    .from(snapshotProducts)
    .where(and(eq(snapshotProducts.jobId, store.latestJobId), inArray(snapshotProducts.productId, productIds)));

  return new Map(
    rows.map((row) => [
      row.productId,
      (Array.isArray(row.variants) ? row.variants : []).flatMap((v: Record<string, unknown>) =>
        typeof v.id === "number" ? [{ id: v.id, title: str(v.title), ...pricesOf(v) }] : [],
      ),
    ]),
  );
}

const changeOf = (before: Prices, after: Prices): "down" | "up" | "compare_at" => {
  const [old, now] = [Number(before.price), Number(after.price)];

  return before.price === after.price ? "compare_at" : now < old ? "down" : "up";
};

/** One product's prices per variant over time: the first price known, then each change with the analysis that saw it. */
export async function getPriceHistory(store: Store, productId: number): Promise<PriceHistory> {
  const [entries, current, { total }] = await Promise.all([
    getDb()
      .select()
      .from(changelogEntries)
      .where(
        and(
          eq(changelogEntries.storeId, store.id),
          eq(changelogEntries.productId, productId),
          inArray(changelogEntries.subject, ["product", "variant", "price"]),
          fromCompletedJob(changelogEntries.jobId),
        ),
      )
      .orderBy(asc(changelogEntries.createdAt), asc(changelogEntries.id)),
    latestVariants(store, [productId]),
    listCompletionTimes(store.id, new Date(0), currentTime()),
  ]);
  const knownSince = store.firstAnalyzedAt;
  const productAdded = entries.findLast((e) => e.subject === "product" && e.change === "added")?.createdAt ?? knownSince;
  const variants = new Map((current.get(productId) ?? []).map((v) => [v.id, v]));
  const ids = new Set([...variants.keys(), ...entries.filter((e) => e.subject !== "product").map((e) => Number(e.subjectId))]);

  return {
    currency: store.currency,
    known_since: knownSince?.toISOString() ?? null,
    note:
      total < 2
        ? "Analyzed once: one price per variant, no history yet."
        : "Prices are known from the store's first analysis on; a change is dated by the analysis that saw it (it happened since the one before), and a price set and undone between two analyses is not seen.",
    variants: [...ids]
      .sort((a, b) => a - b)
      .map((variantId) => {
        const own = entries.filter((e) => e.subject !== "product" && Number(e.subjectId) === variantId);
        const added = own.findLast((e) => e.subject === "variant" && e.change === "added");
        const removed = own.findLast((e) => e.subject === "variant" && e.change === "removed");
        const changes = own.filter((e) => e.subject === "price" && (!added || e.createdAt >= added.createdAt));
        const latest = variants.get(variantId);
        // The first price known: as the variant appeared, else before its first change, else as it is now.
        const first = added ? pricesOf(added.after) : changes[0] ? pricesOf(changes[0].before) : latest;
        const firstAt = added?.createdAt ?? productAdded;
        const points: PriceHistory["variants"][number]["points"] = [];
        if (first && firstAt)
          points.push({
            from: firstAt.toISOString(),
            price: first.price,
            compare_at_price: first.compareAtPrice,
            job_id: added?.jobId ?? null,
            change: "first_seen",
          });
        for (const entry of changes) {
          const after = pricesOf(entry.after);
          points.push({
            from: entry.createdAt.toISOString(),
            price: after.price,
            compare_at_price: after.compareAtPrice,
            job_id: entry.jobId,
            change: changeOf(pricesOf(entry.before), after),
          });
        }

        return {
          variant_id: variantId,
          title: latest?.title ?? own.at(-1)?.title ?? null,
          price: latest?.price ?? null,
          removed_at: !latest && removed ? removed.createdAt.toISOString() : null,
          points,
        };
      }),
  };
}

/** The lowest and highest price any variant of a product had in a window, and their midpoint. */
export type PriceBand = { low: number; high: number; mid: number };

/**
 * The price band of each product over (`since`, now]: the prices of its variants at the latest
 * snapshot and, for each price change in the window, the price before and after it (a sale
 * between two analyses happened at one or the other). A product gone from the latest snapshot
 * without a change in the window has no band.
 */
export async function priceBands(store: Store, productIds: number[], since: Date): Promise<Map<number, PriceBand>> {
  if (productIds.length === 0) return new Map();
  const [current, changes] = await Promise.all([
    latestVariants(store, productIds),
    getDb()
      .select({ productId: changelogEntries.productId, before: changelogEntries.before, after: changelogEntries.after })
      .from(changelogEntries)
      .where(
        and(
          eq(changelogEntries.storeId, store.id),
          inArray(changelogEntries.productId, productIds),
          eq(changelogEntries.subject, "price"),
          gt(changelogEntries.createdAt, since),
          fromCompletedJob(changelogEntries.jobId),
        ),
      ),
  ]);
  const prices = new Map<number, number[]>();
  const add = (productId: number, price: string | null) => {
    const n = Number(price);
    if (price !== null && Number.isFinite(n)) (prices.get(productId) ?? prices.set(productId, []).get(productId)!).push(n);
  };
  for (const [productId, variants] of current) for (const v of variants) add(productId, v.price);
  for (const change of changes) {
    if (change.productId === null) continue;
    add(change.productId, pricesOf(change.before).price);
    add(change.productId, pricesOf(change.after).price);
  }

  return new Map(
    [...prices].map(([productId, list]) => {
      const [low, high] = [Math.min(...list), Math.max(...list)];

      return [productId, { low, high, mid: (low + high) / 2 }];
    }),
  );
}
