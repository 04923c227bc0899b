import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./index";

/**
 * PostgreSQL (PGlite too) refuses a NOTIFY payload of 8,000 bytes or more, and the refusal fails
 * the transaction that sent it: the write being announced would be lost with it.
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_999;

/**
 * Announces `payload` to every listener of `channel` once `db`'s transaction commits. A payload
 * past the limit is replaced by `small` (ids only, which listeners complete from the database),
 * and by an empty payload if even that is too long, so an announcement can never fail the write
 * it announces. Every pg_notify of the service goes through here.
 */
export async function notify(db: Database | Transaction, channel: string, payload: string, small = ""): Promise<void> {
  const sent = fitsNotify(payload) ? payload : fitsNotify(small) ? small : "";
  await db.execute(sql`select pg_notify(${channel}, ${sent})`);
}

const fitsNotify = (payload: string) => Buffer.byteLength(payload, "utf8") <= NOTIFY_PAYLOAD_MAX_BYTES;
