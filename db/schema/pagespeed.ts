import { jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobs } from "./jobs";

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
