import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { CHANGE_KINDS, CHANGE_SUBJECTS } from "./change-kinds";
import { stores } from "./store-directory";

export { CHANGE_KINDS, CHANGE_SUBJECTS };

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
    /** The product a product, variant, price or availability change belongs to (null for collections, pages and older rows). */
    productId: bigint({ mode: "number" }),
    title: text(),
    before: jsonb(),
    after: jsonb(),
    /** The time of record of the analysis that found the change (lib/time-of-record.ts). */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.jobId), index().on(t.storeId, t.createdAt), index().on(t.storeId, t.productId, t.createdAt)],
);
