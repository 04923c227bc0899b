import { bigint, customType, index, integer, jsonb, numeric, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { stores } from "./stores";

/** The report of a completed job. Written once; the database refuses updates. */
export const reports = pgTable("reports", {
  jobId: uuid()
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  storeId: uuid()
    .notNull()
    .references(() => stores.id),
  collections: jsonb().notNull(),
  pages: jsonb().notNull(),
  metadata: jsonb().notNull(),
  summary: jsonb().notNull(),
  /**
   * What the report says about its store (the directory row as this job left it, and the site's
   * address), recorded by the transaction that completes the job (reportStoreFactsSchema): a
   * body built later never shows a newer analysis of the store (docs/decisions.md §5.2). Null
   * only for rows written outside the pipeline; migration 0017 filled the older reports.
   */
  storeFacts: jsonb(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * A completed report's full JSON body, serialised once and stored compressed (its bytes in
 * report_body_parts), so a read is a row fetch rather than a load, validation and
 * serialisation of every product. Kept for good, and never changed (migration 0013): once
 * snapshot cleanup drops a completed job's rows, this body is the report's products.
 */
export const reportBodies = pgTable("report_bodies", {
  jobId: uuid()
    .primaryKey()
    .references(() => reports.jobId, { onDelete: "cascade" }),
  /** Strong ETag (quoted), naming the job and a digest of the identity body. */
  etag: text().notNull(),
  identityLength: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A stored body's bytes in one encoding, in parts of at most a few hundred KB: embedded
 * PGlite writes a statement on the server's own thread, and a multi-MB bytea in one
 * statement paused the event loop for most of a second. A body is its parts in `seq` order.
 */
export const reportBodyParts = pgTable(
  "report_body_parts",
  {
    jobId: uuid()
      .notNull()
      .references(() => reportBodies.jobId, { onDelete: "cascade" }),
    encoding: text({ enum: ["gzip", "brotli"] }).notNull(),
    seq: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.encoding, t.seq] })],
);

/**
 * Text compared byte by byte: the same order on every server locale and on PGlite (no ICU),
 * which the natural sort keys below rely on.
 */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * Products as observed by one job (the snapshot). Kept out of step outputs so a
 * 30,000-product catalogue never travels through the workflow's memoized state.
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
    kind: text({ enum: ["store", "collections", "pages", "storefront", "collection-pages"] }).notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.kind] })],
);

export const pagespeedAudits = pgTable(
  "pagespeed_audits",
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    strategy: text({ enum: ["mobile", "desktop"] }).notNull(),
    performanceScore: real(),
    metrics: jsonb(),
    error: text(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.strategy] })],
);

export const CHANGE_SUBJECTS = ["product", "variant", "price", "availability", "collection", "page"] as const;
export const CHANGE_KINDS = ["added", "removed", "changed"] as const;

export const changelogEntries = pgTable(
  "changelog_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id),
    previousJobId: uuid(),
    subject: text({ enum: CHANGE_SUBJECTS }).notNull(),
    change: text({ enum: CHANGE_KINDS }).notNull(),
    subjectId: text().notNull(),
    title: text(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.jobId), index().on(t.storeId, t.createdAt)],
);

export type Report = typeof reports.$inferSelect;

/**
 * When a report became public search content (30 days after its job completed). Written once by
 * the daily publication run and never removed: a published page stays indexable.
 */
export const reportPublications = pgTable(
  "report_publications",
  {
    jobId: uuid()
      .primaryKey()
      .references(() => reports.jobId, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.storeId, t.publishedAt), index().on(t.publishedAt)],
);

/**
 * Reports an operator purged (`npm run report:purge`): their content is gone, and their job id
 * answers 410 Gone rather than some other body. Not tied to the jobs table, so it outlives them.
 */
export const purgedReports = pgTable("purged_reports", {
  jobId: uuid().primaryKey(),
  reason: text().notNull(),
  purgedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
