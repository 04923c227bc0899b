import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";
import { stores } from "./store-directory";

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
