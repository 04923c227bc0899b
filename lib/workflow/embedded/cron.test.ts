import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { getDatabase, getDb, openPostgres } from "@/db";
import { rows } from "./sql";
import { createTestClient, createTestExecutor, waitFor } from "@/testing/workflow/harness";

const inngest = createTestClient("t-cron");
// Croner accepts a leading seconds field, which keeps this test short; Inngest itself uses 5 fields.
const everySecond = inngest.createFunction({ id: "every-second", triggers: [{ cron: "* * * * * *" }] }, async ({ event, step }) =>
  step.run("tick", () => (event.data as { scheduledAt?: string }).scheduledAt ?? null),
);

// Two workers on the same database: on PostgreSQL a second connection pool, as a second process would have.
const secondHandle = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : getDatabase();
const workerA = createTestExecutor(inngest, [everySecond]);
const workerB = createTestExecutor(inngest, [everySecond], { database: secondHandle });

afterAll(async () => {
  await Promise.all([workerA.stop(), workerB.stop()]);
  if (secondHandle !== getDatabase()) await secondHandle.close();
});

it("fires each cron tick once across two executors", async () => {
  await Promise.all([workerA.start(), workerB.start()]);
  await waitFor(
    async () => {
      const [row] = await rows<{ n: number }>(
        getDb(),
        sql`select count(*)::int as n from workflow_runs where fn_id = 't-cron-every-second' and status = 'completed'`,
      );
      return Number(row?.n) >= 3;
    },
    { what: "three completed cron runs" },
  );
  await Promise.all([workerA.stop(), workerB.stop()]);

  const runs = await rows<{ event: { name: string; data: { scheduledAt: string } }; status: string }>(
    getDb(),
    sql`select event, status from workflow_runs where fn_id = 't-cron-every-second'`,
  );
  const ticks = await rows<{ n: number }>(
    getDb(),
    sql`select count(*)::int as n from workflow_cron_ticks where fn_id = 't-cron-every-second'`,
  );
  const scheduled = runs.map((r) => r.event.data.scheduledAt);
  expect(runs.every((r) => r.event.name === "inngest/scheduled.timer")).toBe(true);
  expect(new Set(scheduled).size).toBe(scheduled.length); // no tick fired twice
  expect(Number(ticks[0]!.n)).toBe(runs.length);
});
