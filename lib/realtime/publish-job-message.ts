import { sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import type { Job } from "@/db/schema";
import { JOB_EVENTS_CHANNEL, jobMessage } from "./messages";

/**
 * Publishes a job's state to every process through PostgreSQL NOTIFY (in-process on PGlite).
 * Called inside the transaction that wrote the state, so a message is only seen once the
 * write is visible, and a rolled-back write announces nothing.
 */
export async function publishJobMessage(job: Job, db: Database | Transaction = getDb()): Promise<void> {
  await db.execute(sql`select pg_notify(${JOB_EVENTS_CHANNEL}, ${JSON.stringify(jobMessage(job))})`);
}
