import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, queryRows } from "./index";
import { initializePgliteDirectory } from "./pglite-init";

const root = mkdtempSync(path.join(tmpdir(), "pglite-init-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("embedded database memory", () => {
  it("creates a new data directory outside this process, then opens it with small buffers", async () => {
    const dir = path.join(root, "new");
    await initializePgliteDirectory(dir);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);

    const handle = openPglite(dir);
    try {
      const [buffers] = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
      const [maintenance] = await queryRows<{ maintenance_work_mem: string }>(handle.db, sql`show maintenance_work_mem`);
      expect(buffers?.shared_buffers).toBe("16MB");
      expect(maintenance?.maintenance_work_mem).toBe("16MB");
      await handle.db.execute(sql`create table kept (id int)`);
    } finally {
      await handle.close();
    }
  });

  it("leaves a directory that already holds a database alone", async () => {
    const dir = path.join(root, "new");
    const before = statSync(path.join(dir, "PG_VERSION")).mtimeMs;
    await initializePgliteDirectory(dir);
    expect(statSync(path.join(dir, "PG_VERSION")).mtimeMs).toBe(before);

    const handle = openPglite(dir);
    try {
      expect(await queryRows(handle.db, sql`select count(*)::int as n from kept`)).toEqual([{ n: 0 }]);
    } finally {
      await handle.close();
    }
  });
});
