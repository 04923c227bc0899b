import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./column-types";
import { jobs } from "./jobs";

/**
 * The screenshots of a job's render of the store's home page (lib/render), one per size. Part of
 * the report: written before the job completes, counted in its storage budget, and never changed
 * once it completed (migration 0025), like its PageSpeed audits.
 */
export const renderScreenshots = pgTable(
  "render_screenshots",
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    size: text({ enum: ["desktop", "phone"] }).notNull(),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.size] })],
);
