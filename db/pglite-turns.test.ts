import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type DatabaseHandle } from "./index";

// Embedded PGlite runs statements on the server's thread: a run of them must let the event
// loop turn in between (timers, sockets), or a crawl slice holds every request up.
describe("PGlite statements and the event loop", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openPglite("memory://");
    await handle.db.execute(sql`create table counters (id int primary key, n int not null)`);
  });
  afterAll(() => handle.close());

  /** Turns of the event loop (setImmediate callbacks) while `work` runs. */
  async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    await work();
    running = false;

    return turns;
  }

  it("turns the loop before each statement, outside and inside a transaction", async () => {
    const outside = await turnsDuring(async () => {
      for (let i = 0; i < 20; i += 1) await handle.db.execute(sql`insert into counters values (${i}, ${i})`);
    });
    expect(outside).toBeGreaterThanOrEqual(20);

    const inside = await turnsDuring(() =>
      handle.db.transaction(async (tx) => {
        for (let i = 0; i < 20; i += 1) await tx.execute(sql`update counters set n = n + 1 where id = ${i}`);
      }),
    );
    expect(inside).toBeGreaterThanOrEqual(20);
  });

  it("keeps transactions whole: a failure rolls back every statement of it", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update counters set n = 100 where id = 1`);
        await tx.execute(sql`insert into counters values (1, 1)`);
      }),
    ).rejects.toThrow();
    const result = await handle.db.execute(sql`select n from counters where id = 1`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  });
});
