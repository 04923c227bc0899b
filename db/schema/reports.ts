import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./column-types";
import { jobs } from "./jobs";
import { stores } from "./store-directory";

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

/**
 * A completed report's full JSON body, serialized once and stored compressed (its bytes in
 * report_body_parts), so a read is a row fetch rather than a load, validation and
 * serialization of every product. Kept for good, and never changed (migration 0013): once
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

export type Report = typeof reports.$inferSelect;

/**
 * Reports an operator purged (`npm run report:purge`): their content is gone, and their job id
 * answers 410 Gone rather than some other body. Not tied to the jobs table, so it outlives them.
 */
export const purgedReports = pgTable("purged_reports", {
  jobId: uuid().primaryKey(),
  reason: text().notNull(),
  purgedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
