import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, queryRows, type DatabaseHandle } from "./index";

// Stored report bodies are bytea: every byte value, empty and multi-MB bodies must survive PGlite.
describe("bytea on PGlite", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openPglite("memory://");
    await handle.db.execute(sql`create table blobs (id int primary key, bytes bytea not null)`);
  });
  afterAll(() => handle.close());

  const roundTrip = async (id: number, bytes: Buffer) => {
    await handle.db.execute(sql`insert into blobs (id, bytes) values (${id}, ${bytes})`);
    const [row] = await queryRows<{ bytes: Uint8Array; length: number }>(
      handle.db,
      sql`select bytes, length(bytes) as length from blobs where id = ${id}`,
    );

    return row;
  };

  it("stores and reads back every byte value", async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const row = await roundTrip(1, bytes);
    expect(row?.length).toBe(512);
    expect(Buffer.compare(Buffer.from(row!.bytes), bytes)).toBe(0);
  });

  it("stores an empty body and a 4 MB one", async () => {
    expect((await roundTrip(2, Buffer.alloc(0)))?.length).toBe(0);
    const big = randomBytes(4 * 1024 * 1024);
    const row = await roundTrip(3, big);
    expect(row?.length).toBe(big.length);
    expect(Buffer.compare(Buffer.from(row!.bytes), big)).toBe(0);
  });
});
