import { bigint, customType, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";

/**
 * Text compared byte by byte: the same order on every server locale and on PGlite (no ICU),
 * which the natural sort keys below rely on.
 */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * Products as observed by one job (the snapshot). Kept out of step outputs so a
 * 30,000-product catalog never travels through the workflow's memoized state.
 */
export const snapshotProducts = pgTable(
  "snapshot_products",
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    productId: bigint({ mode: "number" }).notNull(),
    handle: text().notNull(),
    title: text().notNull(),
    data: jsonb().notNull(),
    /** Read during the crawl, gone by its end (deleted or unpublished): not part of the snapshot. */
    goneAt: timestamp({ withTimezone: true }),
    // What the report page sorts and searches on, taken from `data` when the row is written
    // (lib/snapshots/snapshot-listing-columns.ts), so a page of products is one indexed query.
    /** Natural, case-insensitive order of the title: lowercased, digit runs zero-padded. */
    titleKey: byteOrderedText(),
    /** Same for vendor and product type; null when the product has none. */
    vendorKey: byteOrderedText(),
    typeKey: byteOrderedText(),
    priceMin: numeric(),
    priceMax: numeric(),
    variantCount: integer(),
    /** Lowercased title, handle, vendor, type, tags and SKUs, one per line. */
    searchText: text(),
  },
  // (job_id, handle): the crawl asks which of a sitemap's 5,000 handles it already holds; without
  // it each lookup read the job's whole snapshot, holding embedded PGlite for ~100 ms a time.
  (t) => [primaryKey({ columns: [t.jobId, t.productId] }), index().on(t.jobId, t.titleKey, t.productId), index().on(t.jobId, t.handle)],
);

/**
 * Bytes written to one job's snapshot so far, added in the transaction that writes its rows, so
 * the per-job storage budget (JOB_STORAGE_BUDGET_MB) is checked without reading the rows back.
 */
export const snapshotUsage = pgTable("snapshot_usage", {
  jobId: uuid()
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  bytes: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * What a job's steps gathered besides products (meta, collections, pages, storefront), kept
 * in the database rather than in memoized step outputs, which travel with every call request.
 */
export const jobArtifacts = pgTable(
  "job_artifacts",
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    kind: text({
      enum: ["store", "collections", "pages", "storefront", "collection-pages", "robots", "crawl", "agent-readiness", "render"],
    }).notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.kind] })],
);
