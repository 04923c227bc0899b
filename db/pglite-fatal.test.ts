import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { FillingDisk } from "@/testing/database/filling-disk";
import { DatabaseStoppedError, onFatalDatabaseError } from "./fatal";
import { openPglite } from "./index";

const reported: unknown[] = [];
onFatalDatabaseError((error) => reported.push(error));
afterAll(() => onFatalDatabaseError(() => {}));

// A full disk makes PGlite panic and its engine is gone; a statement sent to it after that
// spins on the event loop forever. The handle must report the panic once and refuse the rest.
it("reports a PANIC once and fails every later statement at once instead of hanging", async () => {
  const disk = new FillingDisk();
  const handle = openPglite("memory://", { fs: disk });
  await handle.db.execute(sql`create table rows (id int, body text)`);
  disk.fill();

  const panic = await handle.db.execute(sql`insert into rows select g, repeat('x', 1000) from generate_series(1, 10000) g`).catch((e: unknown) => e);
  expect(reported).toHaveLength(1);
  expect(reported[0]).toMatchObject({ severity: "PANIC", message: expect.stringMatching(/No space left on device/) });
  expect(panic).toBeInstanceOf(Error);

  const started = Date.now();
  const after = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
  expect(Date.now() - started).toBeLessThan(1000);
  expect((after as Error).cause ?? after).toBeInstanceOf(DatabaseStoppedError);
  expect(reported).toHaveLength(1);
});
