import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { DbOrTx } from "@/db";
import type { Job } from "@/db/schema";
import { createCatalogFigures, createChangeCounts } from "@/lib/analytics/record-daily-stats";
import { recordInventoryBatch } from "@/lib/inventory/record-inventory-batch";
import { recordSaleSignals, type SaleSignalRow } from "@/lib/inventory/record-sale-signals";
import { recordChangelogEntries } from "@/lib/changelog/record-changelog-entries";
import { productSaleSignal } from "@/lib/inventory/derive-inventory-events";
import { createProductStreamDiff } from "@/lib/snapshots/diff-product-stream";
import { diffCollectionsAndPages, type Change, type Snapshot } from "@/lib/snapshots/diff-snapshots";
import { streamSnapshotProducts } from "@/lib/snapshots/snapshot-products";
import { loadArtifact } from "@/lib/snapshots/artifacts";
import { createProductSummary } from "./report-content";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 1000;
/**
 * Snapshot products per step of the walk. Each batch's read and writes run on embedded PGlite
 * in the server's thread: at 500 a batch held it for up to ~160 ms (bench:job); 200 keeps each
 * hold near the target of a probe's 100 ms, for a few more round trips.
 */
const DERIVE_BATCH = 200;
const DAY_MS = 86_400_000;

/** Days between the previous snapshot and this one (at least a sliver, never zero). */
function intervalDays(previous: Job, at: Date): number {
  const since = (previous.completedAt ?? previous.createdAt).getTime();

  return Math.max(0.01, Math.round(((at.getTime() - since) / DAY_MS) * 100) / 100);
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

type Content = Omit<Snapshot, "products">;

async function loadContent(db: DbOrTx, job: Job): Promise<Content> {
  const [collections, pages] = await Promise.all([loadArtifact(job.id, "collections", db), loadArtifact(job.id, "pages", db)]);

  return { collections: collections?.collections ?? [], pages: pages?.pages ?? [], listingComplete: job.listingComplete ?? false };
}

/** Changelog rows buffered and written BATCH at a time. */
function changelogWriter(db: DbOrTx, job: Job, previous: Job, at: Date) {
  let buffer: Change[] = [];
  let written = 0;
  const write = async (changes: Change[]) => {
    written += changes.length;
    await recordChangelogEntries(db, { jobId: job.id, storeId: job.storeId, previousJobId: previous.id, at }, changes);
  };

  return {
    async add(changes: Change[]) {
      for (const change of changes) buffer.push(change);
      while (buffer.length >= BATCH) await write(buffer.splice(0, BATCH));
    },
    async flush() {
      if (buffer.length > 0) await write(buffer);
      buffer = [];

      return written;
    },
  };
}

export type RecordedCatalog = {
  products: number;
  /** Changelog entries written (products, variants, prices, availability, collections, pages). */
  changes: number;
  /** Changes and inventory events by type, for the daily aggregates. */
  counts: Map<string, number>;
  summary: ReturnType<ReturnType<typeof createProductSummary>["result"]>;
  cut: ReturnType<ReturnType<typeof createProductSummary>["cut"]>;
  catalog: ReturnType<ReturnType<typeof createCatalogFigures>["result"]>;
  /** Whether any variant shows its inventory_quantity (most stores hide it since 2017). */
  exposesInventory: boolean;
};

/**
 * One pass over the job's snapshot, `batchSize` products at a time in product-id order:
 * the changelog against `previous` (a merge join with its snapshot, none for a store's first
 * analysis), inventory levels and events, and the report's and the day's figures. Neither
 * snapshot is ever held whole, and the event loop gets a turn between batches. Given the
 * database rather than a transaction, each batch's statements commit on their own, so embedded
 * PGlite serves other requests between them; readers see the rows once the job completes
 * (fromCompletedJob).
 */
export async function recordCatalog(
  db: DbOrTx,
  job: Job,
  previous: Job | null,
  current: Content,
  at: Date,
  batchSize = DERIVE_BATCH,
): Promise<RecordedCatalog> {
  const summary = createProductSummary();
  const catalog = createCatalogFigures();
  const counts = createChangeCounts();
  const changelog = previous && changelogWriter(db, job, previous, at);
  const inventoryJob = {
    jobId: job.id,
    storeId: job.storeId,
    at,
    previous: previous && { jobId: previous.id, intervalDays: intervalDays(previous, at) },
  };
  // Where quantities are hidden, products whose updated_at moved are a sales signal.
  let signals: SaleSignalRow[] = [];
  const diff =
    previous &&
    createProductStreamDiff(
      streamSnapshotProducts(previous.id, db, batchSize),
      { previousComplete: previous.listingComplete ?? false, currentComplete: current.listingComplete },
      (before, product, changes) => {
        if (product.variants.some((variant) => variant.inventoryQuantity !== null)) return;
        const kind = productSaleSignal(before, product, changes);
        if (kind)
          signals.push({
            storeId: job.storeId,
            jobId: job.id,
            productId: product.id,
            kind,
            intervalDays: intervalDays(previous, at),
            occurredAt: at,
          });
      },
    );
  const record = async (changes: Change[]) => {
    counts.addChanges(changes);
    await changelog?.add(changes);
  };
  let products = 0;
  let exposesInventory = false;

  for await (const batch of streamSnapshotProducts(job.id, db, batchSize)) {
    products += batch.length;
    summary.add(batch);
    catalog.add(batch);
    const inventory = await recordInventoryBatch(db, inventoryJob, batch);
    exposesInventory ||= inventory.exposesInventory;
    counts.addEvents(inventory.events);
    if (diff) await record(await diff.diffBatch(batch));
    if (signals.length > 0) {
      await insertInBatches(signals, (rows) => recordSaleSignals(db, rows));
      signals = [];
    }
    await yieldToEventLoop();
  }
  if (previous && diff) {
    await record(await diff.finish());
    await record(diffCollectionsAndPages(await loadContent(db, previous), current));
  }

  return {
    products,
    changes: (await changelog?.flush()) ?? 0,
    counts: counts.counts,
    summary: summary.result(),
    cut: summary.cut(),
    catalog: catalog.result(),
    exposesInventory,
  };
}
