/**
 * A tracked store that starts failing (here: it turns password-protected) is reported on the
 * tracked store and, after MAX_CONSECUTIVE_FAILURES daily checks, paused instead of retried
 * forever; tracking it again resumes monitoring.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, monitoredStores } from "@/db/schema";
import { installTimeSource } from "@/lib/time-of-record";
import { sendEvent } from "@/lib/workflow/engine";
import { trackedStoresMonitorRequested } from "@/lib/workflow/events";
import { createTestSession, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore, passwordStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { callApi, type Caller } from "@/testing/tracking/api-calls";
import { waitFor } from "@/testing/wait-for";
import { MAX_CONSECUTIVE_FAILURES } from "./monitor-tracked-stores";

let h: PipelineHarness;
let virtualNow = Date.now();
const user: Caller = {};

const jobCount = async () =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.slug, "fading-test"))
  )[0]!.n;

async function dayPasses(expectedJobs: number) {
  virtualNow += 86_400_000;
  const { runIds } = await sendEvent(trackedStoresMonitorRequested.create({}));
  for (const runId of runIds) await h.engine.executor!.waitForRun(runId, { timeoutMs: 60_000 });
  await waitFor(
    async () => {
      const rows = await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.slug, "fading-test"));
      return rows.length === expectedJobs && rows.every((r) => r.status === "completed" || r.status === "failed");
    },
    { timeoutMs: 60_000, what: `${expectedJobs} jobs of fading.test to end` },
  );
}

type ShopList = {
  data: { monitoring: { state: string; last_error_code: string | null; next_check_at: string | null; consecutive_failures: number } }[];
};

beforeAll(async () => {
  h = await startPipeline();
  installTimeSource(() => new Date(virtualNow));
  h.fakeStore.addStore(fixtureStore("fading.test"));
  user.cookie = await createTestSession((await createTestUser()).id);
});

afterAll(async () => {
  installTimeSource(null);
  await h?.stop();
});

it("reports a failing store on the tracked store and pauses it after repeated failures", async () => {
  expect((await callApi("POST", "/api/shops", user, { body: { domain: "fading.test" } })).status).toBe(201);
  await waitFor(
    async () => (await getDb().select({ status: jobs.status }).from(jobs).where(eq(jobs.slug, "fading-test")))[0]?.status === "completed",
    {
      timeoutMs: 60_000,
      what: "first analysis",
    },
  );

  h.fakeStore.addStore(passwordStore("fading.test"));
  await dayPasses(2);
  const failing = await callApi<ShopList>("GET", "/api/shops", user);
  expect(failing.body.data[0]!.monitoring).toMatchObject({ state: "failing", last_error_code: "store_password_protected" });

  for (let n = 3; n <= MAX_CONSECUTIVE_FAILURES + 1; n++) await dayPasses(n);
  expect(await jobCount()).toBe(MAX_CONSECUTIVE_FAILURES + 1);

  // The next day's check pauses it instead of starting another job; later days start nothing.
  await dayPasses(MAX_CONSECUTIVE_FAILURES + 1);
  await dayPasses(MAX_CONSECUTIVE_FAILURES + 1);
  const paused = await callApi<ShopList>("GET", "/api/shops", user);
  expect(paused.body.data[0]!.monitoring).toMatchObject({
    state: "paused",
    next_check_at: null,
    consecutive_failures: MAX_CONSECUTIVE_FAILURES,
  });
  // Its follower was told of each failed check, once, as the next check folded it in.
  type Feed = { unread: number; data: { kind: string; store: { slug: string }; evidence: { code: string } }[] };
  const feed = await waitFor(
    async () => {
      const answer = await callApi<Feed>("GET", "/api/alerts", user);
      return answer.body.unread === MAX_CONSECUTIVE_FAILURES ? answer.body : null;
    },
    { what: "an alert per failed check" },
  );
  expect(feed.data.map((a) => [a.kind, a.store.slug, a.evidence.code])).toEqual(
    Array.from({ length: MAX_CONSECUTIVE_FAILURES }, () => ["store_unreachable", "fading-test", "store_password_protected"]),
  );

  // The store is back and the user tracks it again: monitoring resumes.
  h.fakeStore.addStore(fixtureStore("fading.test"));
  expect((await callApi("POST", "/api/shops", user, { body: { domain: "fading.test" } })).status).toBe(200);
  const [monitor] = await getDb().select().from(monitoredStores);
  expect(monitor!.pausedAt).toBeNull();
  await dayPasses(MAX_CONSECUTIVE_FAILURES + 2);
  const back = await callApi<ShopList>("GET", "/api/shops", user);
  expect(back.body.data[0]!.monitoring.state).toBe("active");
}, 300_000);
