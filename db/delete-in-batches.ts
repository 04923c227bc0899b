import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { queryRows, type DbOrTx } from "./index";

/** Rows per DELETE: a few milliseconds of embedded PGlite, which serves nothing else meanwhile. */
const DELETE_BATCH = 2000;

/**
 * Deletes the rows of `table` that `where` matches, `batch` at a time, each its own statement:
 * on embedded PGlite one large DELETE would hold every other request for its whole length.
 * Answers how many rows went.
 */
export async function deleteInBatches(db: DbOrTx, table: PgTable, where: SQL, batch = DELETE_BATCH): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ one: number }>(
      db,
      sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${batch})) returning 1 as one`,
    );
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
