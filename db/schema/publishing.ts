import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { reports } from "./reports";
import { stores } from "./store-directory";

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
