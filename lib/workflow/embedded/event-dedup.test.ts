import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { rows } from "./sql";
import { createTestClient, createTestExecutor } from "@/testing/workflow/harness";

// Inngest de-duplicates events by id; so does the embedded executor, or a re-sent event
// (the stalled-job cron after a crash) would run the same work twice.

const inngest = createTestClient("t-dedup");
const bodies: string[] = [];
const once = inngest.createFunction({ id: "once", triggers: [{ event: "t/once" }] }, async ({ event, step }) =>
  step.run("work", () => {
    bodies.push(String(event.data.tag));

    return event.data.tag;
  }),
);
const executor = createTestExecutor(inngest, [once]);

beforeAll(() => executor.start());
afterAll(() => executor.stop());

it("starts one run for two sends of the same event id, and answers both with that run", async () => {
  const first = await executor.send({ name: "t/once", id: "same-id", data: { tag: "a" } });
  const second = await executor.send({ name: "t/once", id: "same-id", data: { tag: "b" } });
  const other = await executor.send({ name: "t/once", id: "other-id", data: { tag: "c" } });

  expect(second.runIds).toEqual(first.runIds);
  expect(other.runIds[0]).not.toBe(first.runIds[0]);
  await executor.waitForRun(first.runIds[0]!);
  await executor.waitForRun(other.runIds[0]!);
  const runs = await rows<{ n: number }>(getDb(), sql`select count(*)::int as n from workflow_runs where fn_id like '%once'`);
  expect(runs[0]!.n).toBe(2);
  expect(bodies.sort()).toEqual(["a", "c"]);
});
