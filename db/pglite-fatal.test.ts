import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { fillingDisk } from "@/testing/database/filling-disk";
import { DatabaseStoppedError, onFatalDatabaseError } from "./fatal";
import { openPglite, queryRows } from "./index";

const reported: unknown[] = [];
onFatalDatabaseError((error) => reported.push(error));
const root = mkdtempSync(path.join(tmpdir(), "pglite-fatal-"));
afterAll(() => {
  onFatalDatabaseError(() => {});
  rmSync(root, { recursive: true, force: true });
});

// A full disk makes PGlite panic and its engine is gone; a statement sent to it after that
// spins on the event loop forever. The handle must report the panic once and refuse the rest,
// and a new start on the same data must find everything that was committed.
it("reports a PANIC once, fails every later statement at once instead of hanging, and a restart recovers", async () => {
  const dir = path.join(root, "data");
  const disk = fillingDisk(dir);
  const handle = openPglite(dir, { fs: disk });
  await handle.db.execute(sql`create table kept (id int primary key)`);
  await handle.db.execute(sql`insert into kept select generate_series(1, 100)`);
  disk.fill();

  const panic = await handle.db.execute(sql`insert into kept select generate_series(101, 100000)`).catch((e: unknown) => e);
  expect(panic).toBeInstanceOf(Error);
  expect(reported).toHaveLength(1);
  expect(reported[0]).toMatchObject({ severity: "PANIC", message: expect.stringMatching(/No space left on device/) });

  const started = Date.now();
  const after = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
  expect(Date.now() - started).toBeLessThan(1000);
  expect((after as Error).cause ?? after).toBeInstanceOf(DatabaseStoppedError);
  expect(reported).toHaveLength(1);
  await handle.close().catch(() => {});

  const restarted = openPglite(dir);
  try {
    expect(await queryRows(restarted.db, sql`select count(*)::int as n from kept`)).toEqual([{ n: 100 }]);
  } finally {
    await restarted.close();
  }
});
