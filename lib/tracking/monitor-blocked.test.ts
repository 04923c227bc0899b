/**
 * A tracked store that blocks a daily check (the job ends store_blocked) rests for a day: the
 * next day's check starts no job, the one after starts again.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";
import { installTimeSource } from "@/lib/time-of-record";
import { sendEvent } from "@/lib/workflow/engine";
import { trackedStoresMonitorRequested } from "@/lib/workflow/events";
import { createTestSession, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { callApi, type Caller } from "@/testing/tracking/api-calls";
import { waitFor } from "@/testing/wait-for";

let h: PipelineHarness;
let virtualNow = Date.now();
const user: Caller = {};

const jobsOf = () =>
  getDb()
    .select({ status: jobs.status, errorCode: jobs.errorCode })
    .from(jobs)
    .where(eq(jobs.slug, "locking-test"))
    .orderBy(jobs.createdAt);

async function dayPasses(expectedJobs: number) {
  virtualNow += 86_400_000;
  const { runIds } = await sendEvent(trackedStoresMonitorRequested.create({}));
  for (const runId of runIds) await h.engine.executor!.waitForRun(runId, { timeoutMs: 60_000 });
  await waitFor(
    async () => {
      const rows = await jobsOf();
      return rows.length === expectedJobs && rows.every((r) => r.status === "completed" || r.status === "failed");
    },
    { timeoutMs: 60_000, what: `${expectedJobs} jobs of locking.test to end` },
  );
}

beforeAll(async () => {
  h = await startPipeline();
  installTimeSource(() => new Date(virtualNow));
  h.fakeStore.addStore(fixtureStore("locking.test"));
  user.cookie = await createTestSession((await createTestUser()).id);
});

afterAll(async () => {
  installTimeSource(null);
  await h?.stop();
});

it("pauses a store for a day after it blocked a check", async () => {
  expect((await callApi("POST", "/api/shops", user, { body: { domain: "locking.test" } })).status).toBe(201);
  await waitFor(async () => (await jobsOf())[0]?.status === "completed", { timeoutMs: 60_000, what: "first analysis" });

  h.fakeStore.addStore(fixtureStore("locking.test", { faults: { scope: "json", locked: { firstN: 1000 } } }));
  await dayPasses(2);
  expect((await jobsOf())[1]).toMatchObject({ status: "failed", errorCode: "store_blocked" });

  // The next day: no job. The day after: checked again (the store has opened up by then).
  h.fakeStore.addStore(fixtureStore("locking.test"));
  await dayPasses(2);
  expect(
    (
      await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.slug, "locking-test"))
    )[0]!.n,
  ).toBe(2);
  await dayPasses(3);
  expect((await jobsOf())[2]).toMatchObject({ status: "completed" });
}, 300_000);
