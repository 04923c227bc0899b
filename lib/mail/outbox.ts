import { and, desc, eq, gte, type SQL } from "drizzle-orm";
import { getDb, type Database } from "@/db";
import { mailOutbox } from "@/db/schema";
import { openBody, sealBody } from "./sealed-body";

export type OutboxMessage = typeof mailOutbox.$inferSelect;
export type MailTransportName = OutboxMessage["transport"];

/** Records one message handed to a transport, its bodies sealed; returns the outbox row id. */
export async function recordOutboxMessage(
  message: { to: string; subject: string; html: string; text: string; transport: MailTransportName },
  db: Database = getDb(),
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, html: sealBody(message.html), text: sealBody(message.text) })
    .returning({ id: mailOutbox.id });

  return row!.id;
}

export async function setOutboxProviderMessageId(id: string, providerMessageId: string, db: Database = getDb()): Promise<void> {
  await db.update(mailOutbox).set({ providerMessageId }).where(eq(mailOutbox.id, id));
}

export type ListOutboxOptions = {
  /** Only messages to this address (compared case-insensitively as stored: lower-cased). */
  to?: string;
  /** Only messages recorded at or after this instant. */
  since?: Date;
  limit?: number;
  /** Another database handle (e.g. a test harness reading a server's database). */
  db?: Database;
};

/**
 * The recorded messages, newest first, bodies opened. THE reader of mail_outbox: for tests,
 * demos and the embedded mode, where the outbox is the only place a log-transport message
 * can be read in full. Opening needs this process's AUTH_SECRET to be the sender's.
 */
export async function listOutbox(options: ListOutboxOptions = {}): Promise<OutboxMessage[]> {
  const db = options.db ?? getDb();
  const filters: SQL[] = [];
  if (options.to) filters.push(eq(mailOutbox.to, options.to.trim().toLowerCase()));
  if (options.since) filters.push(gte(mailOutbox.createdAt, options.since));

  const rows = await db
    .select()
    .from(mailOutbox)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(options.limit ?? 50);

  return rows.map((row) => ({ ...row, html: openBody(row.html), text: openBody(row.text) }));
}
