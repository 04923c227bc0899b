// A NOTIFY never fails the transaction that sends it: a payload past PostgreSQL's 8,000-byte
// limit is replaced by its short form, and the write it announces commits either way.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/testing/wait-for";
import { getDatabase, queryRows } from "./index";
import { notify, NOTIFY_PAYLOAD_MAX_BYTES } from "./notify";

const CHANNEL = "storelens_notify_test";
const received: string[] = [];
let unlisten: () => Promise<void>;

beforeAll(async () => {
  unlisten = await getDatabase().listen(CHANNEL, (payload) => received.push(payload));
  await getDatabase().db.execute(sql`create table notify_marks (id int primary key)`);
});

afterAll(() => unlisten?.());

/** Sends `payload` in a transaction that also writes row `id`; resolves to what the listener got. */
async function sendWithWrite(id: number, payload: string, small: string): Promise<string> {
  const before = received.length;
  await getDatabase().db.transaction(async (tx) => {
    await tx.execute(sql`insert into notify_marks values (${id})`);
    await notify(tx, CHANNEL, payload, small);
  });

  await waitFor(() => received.length > before, { what: "the notification" });

  return received[before]!;
}

const committed = async (id: number) =>
  (await queryRows<{ id: number }>(getDatabase().db, sql`select id from notify_marks where id = ${id}`)).length === 1;

describe("notify", () => {
  it("delivers a payload of exactly the largest size whole", async () => {
    // Counted in bytes, not characters: "é" takes two.
    const payload = JSON.stringify({ error: `${"é".repeat(3993)}x` });
    expect(Buffer.byteLength(payload)).toBe(NOTIFY_PAYLOAD_MAX_BYTES);

    expect(await sendWithWrite(1, payload, "{}")).toBe(payload);
    expect(await committed(1)).toBe(true);
  });

  it("delivers the short form of a longer payload, and the write it announces commits", async () => {
    const payload = JSON.stringify({ job_id: "a", error: `expected JSON, got ${"x".repeat(12_000)}` });

    expect(await sendWithWrite(2, payload, JSON.stringify({ job_id: "a" }))).toBe('{"job_id":"a"}');
    expect(await committed(2)).toBe(true);
  });

  it("delivers an empty payload when even the short form is too long", async () => {
    const long = "x".repeat(NOTIFY_PAYLOAD_MAX_BYTES + 1);

    expect(await sendWithWrite(3, long, long)).toBe("");
    expect(await committed(3)).toBe(true);
  });
});
