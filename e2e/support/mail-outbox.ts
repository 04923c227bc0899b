/**
 * Reads the mail the e2e server sent, from its own mail_outbox table, through the mail
 * module's reader (lib/mail listOutbox). Nothing is exposed over HTTP for this.
 *
 * The server (e2e/support/serve.ts) makes a throwaway database whose name it does not
 * publish, so the helper finds it: on PostgreSQL (TEST_DATABASE_URL) the newest `sl_e2e_*`
 * databases; on PGlite the newest `storelens-e2e-*` directories, read from a copy (a
 * PGlite directory must never be opened by two processes). It stops at the first
 * database holding mail for the address, so concurrent runs cannot mix up.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import postgres from "postgres";
import { openPostgres, schema, type Database } from "@/db";
import { listOutbox, type OutboxMessage } from "@/lib/mail";
import { withDatabaseName } from "../../testing/test-database";

const RECENT_MS = 3 * 60 * 60 * 1000;

async function fromPostgres(adminUrl: string, to: string): Promise<OutboxMessage[]> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let names: string[];
  try {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like 'sl_e2e_%' order by datname desc limit 10`;
    names = rows.map((r) => r.datname);
  } finally {
    await admin.end({ timeout: 5 });
  }
  for (const name of names) {
    const handle = openPostgres(withDatabaseName(adminUrl, name));
    try {
      const messages = await listOutbox({ to, db: handle.db });
      if (messages.length) return messages;
    } catch {
      // Not migrated yet, or being dropped: not ours.
    } finally {
      await handle.close();
    }
  }

  return [];
}

async function fromPglite(to: string): Promise<OutboxMessage[]> {
  const candidates = readdirSync(tmpdir())
    .filter((name) => name.startsWith("storelens-e2e-"))
    .map((name) => path.join(tmpdir(), name))
    .map((dir) => ({ dir, mtime: statSync(dir).mtimeMs }))
    .filter((c) => Date.now() - c.mtime < RECENT_MS)
    .sort((a, b) => b.mtime - a.mtime);
  for (const { dir } of candidates) {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), "sl-outbox-read-")), "pglite");
    try {
      cpSync(dir, copy, { recursive: true });
      const reader = new PGlite(copy);
      try {
        const db = drizzle(reader, { schema, casing: "snake_case" }) as unknown as Database;
        const messages = await listOutbox({ to, db });
        if (messages.length) return messages;
      } catch {
        // Not a StoreLens database (or not migrated yet).
      } finally {
        await reader.close();
      }
    } finally {
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }

  return [];
}

/** The messages the e2e server sent to `to`, newest first (waits up to `timeoutMs`). */
export async function readOutbox(to: string, timeoutMs = 15_000): Promise<OutboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  const adminUrl = process.env.TEST_DATABASE_URL;
  for (;;) {
    const messages = adminUrl ? await fromPostgres(adminUrl, to) : await fromPglite(to);
    if (messages.length || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The newest link to `path` (/reset-password, /verify-email) mailed to `to`. */
export async function readEmailLink(to: string, path: "/reset-password" | "/verify-email"): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}/[A-Za-z0-9_-]+`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const message of await readOutbox(to.toLowerCase())) {
      const link = pattern.exec(message.text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${path} link in the outbox for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The reset link of the newest reset e-mail to `to`. */
export const readResetLink = (to: string) => readEmailLink(to, "/reset-password");
