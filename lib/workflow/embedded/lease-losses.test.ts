import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { claimDueItems } from "./claim";
import { rows } from "./sql";
import { createTestClient, createTestExecutor, waitFor } from "@/testing/workflow/harness";

// Which takeovers count toward MAX_LEASE_LOSSES, and how a call request taken over runs alone
// (the kill -9 loop itself is crash-loop.test.ts).

let tokens = 0;
const claim = (workerId: string, inFlight: ReadonlySet<number> = new Set(), max = 10) =>
  claimDueItems(getDb(), { max, leaseMs: 60_000, workerId, newToken: () => `${workerId}#${++tokens}`, inFlight });

/** A run with one call request, leased by `leasedBy` until a moment already past (null: never leased). */
async function queued(runId: string, leasedBy: string | null, leaseLosses = 0): Promise<number> {
  await rows(getDb(), sql`insert into workflow_runs (run_id, fn_id, event, events) values (${runId}, 'fn', '{}'::jsonb, '[]'::jsonb)`);
  const [item] = await rows<{ id: number | string }>(
    getDb(),
    sql`insert into workflow_queue (run_id, leased_by, leased_until, lease_losses, available_at)
        values (${runId}, ${leasedBy}, ${leasedBy ? sql`now() - interval '1 second'` : null}, ${leaseLosses}, now() - interval '1 minute')
        returning id`,
  );

  return Number(item!.id);
}

const stored = async (id: number) =>
  (await rows<{ lease_losses: number }>(getDb(), sql`select lease_losses from workflow_queue where id = ${id}`))[0]!.lease_losses;

beforeEach(async () => {
  await rows(getDb(), sql`delete from workflow_runs`);
});

describe("lease losses", () => {
  it("counts a takeover from another worker, not the first claim nor a worker's own expired lease", async () => {
    const fresh = await queued("fresh", null);
    const own = await queued("own", "me#3");
    const dead = await queued("dead", "dead-worker#7");

    // The first two together; the takeover is a suspect, left for when this worker is idle.
    const claimed = await claim("me");
    expect(claimed.map((c) => [c.runId, c.leaseLosses])).toEqual([
      ["fresh", 0],
      ["own", 0],
    ]);
    expect(await claim("me", new Set(claimed.map((c) => c.id)))).toEqual([]);
    const [takeover] = await claim("another");
    expect([takeover?.runId, takeover?.leaseLosses]).toEqual(["dead", 1]);
    expect([await stored(fresh), await stored(own), await stored(dead)]).toEqual([0, 0, 1]);
  });

  it("claims a taken-over call request alone, and only when nothing is in flight", async () => {
    const suspect = await queued("suspect", "dead-worker#1");
    await queued("other", null);

    // Busy: the worker claims nothing more (it drains), so the suspect is not run beside its work.
    expect(await claim("busy", new Set([999_999]))).toEqual([]);
    // Idle: the suspect alone.
    const claimed = await claim("idle");
    expect(claimed.map((c) => [c.id, c.leaseLosses])).toEqual([[suspect, 1]]);
  });

  it("claims an item at the limit with others: it is failed, not called", async () => {
    await queued("limit", "dead-worker#2", 2);
    await queued("other", null);

    const claimed = await claim("me");
    expect(claimed.map((c) => [c.runId, c.leaseLosses])).toEqual([
      ["limit", 3],
      ["other", 0],
    ]);
  });
});

describe("a graceful stop", () => {
  it("finishes the step in flight and leaves nothing leased, so the next worker counts no loss", async () => {
    const inngest = createTestClient("t-graceful");
    const effects: string[] = [];
    let stopping = false;
    const fn = inngest.createFunction({ id: "two", retries: 0, triggers: [{ event: "t/graceful" }] }, async ({ step }) => {
      await step.run("first", async () => {
        effects.push("first start");
        await waitFor(() => stopping, { what: "the stop" });
        effects.push("first done");
      });
      await step.run("second", () => effects.push("second"));
    });
    const before = createTestExecutor(inngest, [fn], { leaseMs: 1000 });
    await before.start();
    const { runIds } = await before.send({ name: "t/graceful" });
    await waitFor(() => effects.includes("first start"), { what: "the first step to start" });

    const stopped = before.stop();
    stopping = true;
    await stopped;

    const queue = await rows<{ leased_by: string | null; lease_losses: number }>(
      getDb(),
      sql`select leased_by, lease_losses from workflow_queue where run_id = ${runIds[0]!}`,
    );
    expect(queue).toEqual([{ leased_by: null, lease_losses: 0 }]);
    const after = createTestExecutor(inngest, [fn], { leaseMs: 1000 });
    await after.start();
    try {
      expect(await after.waitForRun(runIds[0]!)).toMatchObject({ status: "completed" });
    } finally {
      await after.stop();
    }
    expect(effects).toEqual(["first start", "first done", "second"]);
  });
});
