import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database, type Transaction } from "@/db";

/** Either a database or an open transaction: every statement helper accepts both. */
export type Db = Database | Transaction;

/** Runs raw SQL and returns rows on both drivers (postgres.js and PGlite). */
export function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return queryRows<T>(db, query);
}

/** A jsonb parameter. Both drivers accept text cast to jsonb. */
export function jsonb(value: unknown): SQL {
  return sql`${JSON.stringify(value ?? null)}::jsonb`;
}

/**
 * `now() + ms`, computed by the database: every worker process compares leases and
 * due times against the same clock (the server's), never its own.
 */
export function nowPlusMs(ms: number): SQL {
  return sql`(now() + (${Math.max(0, Math.round(ms))}::double precision * interval '1 millisecond'))`;
}

/** An absolute instant as timestamptz. */
export function at(epochMs: number): SQL {
  return sql`${new Date(epochMs).toISOString()}::timestamptz`;
}
