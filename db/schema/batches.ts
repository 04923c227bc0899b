import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * A list of domains analyzed as one batch (lib/batches): admitted at once against the owner's
 * plan, or paid at once by one x402 payment (`x402_payments.batch_id`, no owner), one job per store (`jobs.batch_id`), one `batch.completed` webhook when every job has
 * ended. `ended_at` is set once, by the transaction that records that webhook, so it is sent once.
 */
export const batches = pgTable(
  "batches",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The account whose plan paid; null for a batch paid by x402, read by its id as an x402 job is. */
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    /** The batch's own receiver; null sends batch.completed to the account's webhook URL, if any. */
    webhookUrl: text(),
    /** How many jobs the batch started (one per distinct store domain). */
    total: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the last of its jobs had ended and batch.completed was recorded. */
    endedAt: timestamp({ withTimezone: true }),
    /** The batch.completed delivery (webhook_deliveries), when there was a receiver. */
    webhookDeliveryId: uuid(),
    /**
     * When the caller cancelled the MCP task that follows this batch (lib/mcp/job-tasks.ts): its
     * jobs are paid for and run on; only the task's status is cancelled from then on.
     */
    taskCancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index("batches_open")
      .on(t.createdAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

export type Batch = typeof batches.$inferSelect;
