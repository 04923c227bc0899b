import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { JOB_STATUSES, type JobStatus } from "@/lib/jobs/job-status";
import { users } from "./auth";

export { JOB_STATUSES, type JobStatus };

/** One row per analyzed store; the public directory reads from here. */
export const stores = pgTable(
  "stores",
  {
    id: uuid().primaryKey().defaultRandom(),
    domain: text().notNull(),
    slug: text().notNull(),
    name: text(),
    description: text(),
    currency: text(),
    country: text(),
    myshopifyDomain: text(),
    themeName: text(),
    productCount: integer(),
    collectionCount: integer(),
    pageCount: integer(),
    /** Whether variants of this store expose inventory_quantity (most stores since 2017 do not). */
    exposesInventory: boolean(),
    firstAnalyzedAt: timestamp({ withTimezone: true }),
    lastAnalyzedAt: timestamp({ withTimezone: true }),
    /** Latest completed job: the store page and the directory read its report. */
    latestJobId: uuid(),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.domain),
    uniqueIndex().on(t.slug),
    index().on(t.publishedAt),
    index().on(t.lastAnalyzedAt),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id),
    domain: text().notNull(),
    slug: text().notNull(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    status: text({ enum: JOB_STATUSES }).notNull().default("queued"),
    step: text(),
    progress: real().notNull().default(0),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    error: text(),
    errorCode: text(),
    /** Whether the product listing was read to the end (never diff an incomplete one as "removed"). */
    listingComplete: boolean(),
    webhookUrl: text(),
    notifyEmail: text(),
    /** plan | credit | x402 | admin: what paid for this job. */
    paymentMethod: text(),
    paymentRef: text(),
    retryOf: uuid(),
    workflowRunId: text(),
    /** When the workflow event was accepted; null means it must still be (re)sent. */
    dispatchedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.storeId, t.createdAt),
    index().on(t.userId, t.createdAt),
    index().on(t.domain, t.createdAt),
    index().on(t.status),
    check("jobs_progress_range", sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);

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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (t) => [primaryKey({ columns: [t.jobId, t.productId] })],
);

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
    kind: text({ enum: ["store", "collections", "pages", "storefront"] }).notNull(),
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

/** Our own app catalogue, synced from lib/apps at start-up. */
export const apps = pgTable("apps", {
  slug: text().primaryKey(),
  name: text().notNull(),
  category: text().notNull(),
  website: text(),
  description: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const storeApps = pgTable(
  "store_apps",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    appSlug: text()
      .notNull()
      .references(() => apps.slug),
    jobId: uuid().references(() => jobs.id, { onDelete: "set null" }),
    evidence: text(),
    detectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.appSlug] }), index().on(t.appSlug)],
);

export type Store = typeof stores.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Report = typeof reports.$inferSelect;
