/**
 * Shared set-up for tests that run the real analysis pipeline: a fake Shopify store on
 * loopback reached through SHOP_RESOLVE, the embedded workflow engine running the app's own
 * Inngest functions, and an API-key caller.
 */
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, users, type Job } from "@/db/schema";
import { functions } from "@/inngest";
import { failJobsWaitingOnStorage } from "@/lib/pipeline/fail-jobs-waiting-on-storage";
import { startWorkflowEngine, type WorkflowEngine } from "@/lib/workflow/engine";
import { quietLogger, type Logger } from "@/lib/workflow/embedded";
import { createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { resetEnvCache } from "@/lib/env";
import { startFakeStore, type FakeStoreServer } from "./fake-store";
import { waitFor } from "./wait-for";

export type PipelineHarness = {
  fakeStore: FakeStoreServer;
  engine: WorkflowEngine;
  apiKey: string;
  userId: string;
  /** POST /api/jobs through the real route handler. */
  submit(body: Record<string, unknown>, headers?: Record<string, string>): Promise<Response>;
  waitForJob(jobId: string, timeoutMs?: number): Promise<Job>;
  /** POST /api/jobs for `domain` (it must answer 201), then the job once it ended. */
  submitAndWait(domain: string, headers?: Record<string, string>): Promise<Job>;
  stop(): Promise<void>;
};

/**
 * Settings of a test run (this process or a worker): the fake store, no pacing, short backoff, no
 * PageSpeed, no render. `*.myshopify.com` goes to the fake store too: resolve-store confirms a shop's identity
 * there, and a test must never reach the real Shopify.
 */
export function pipelineEnv(fakeStore: FakeStoreServer): Record<string, string> {
  return {
    SHOP_RESOLVE: `${fakeStore.shopResolve("*.test")},${fakeStore.shopResolve("*.myshopify.com")}`,
    ALLOW_PRIVATE_NETWORK: "true",
    SCRAPER_MIN_INTERVAL_MS: "0",
    SCRAPER_TIMEOUT_MS: "5000",
    SCRAPER_BACKOFF_BASE_MS: "20",
    PAGESPEED_ENABLED: "false",
    // No test reaches the real App Store; analyze-store.app-store.test.ts routes it to a fake one.
    APP_STORE_LOOKUPS: "false",
    // A browser per job would slow every pipeline test by seconds; analyze-store.render.test.ts turns it on.
    RENDER: "false",
    BASE_URL: "http://localhost:3000",
  };
}

export function configurePipelineEnv(fakeStore: FakeStoreServer, extra: Record<string, string> = {}) {
  Object.assign(process.env, pipelineEnv(fakeStore), extra);
  resetEnvCache();
}

/** `log` receives the executor's lines (default: none). */
export async function startPipeline(
  extraEnv: Record<string, string> = {},
  { log = quietLogger() }: { log?: Logger } = {},
): Promise<PipelineHarness> {
  const fakeStore = await startFakeStore();
  configurePipelineEnv(fakeStore, extraEnv);
  const engine = await startWorkflowEngine({
    functions,
    whileStorageLow: failJobsWaitingOnStorage,
    pollMs: 20,
    leaseMs: 3000,
    backoffMs: () => 50,
    log,
  });
  const user = await createTestUser();
  // On Pro, so pipeline tests that submit many jobs are not stopped by the Free plan's quota.
  await getDb().update(users).set({ plan: "pro_monthly" }).where(eq(users.id, user.id));
  const { key } = await createTestApiKey(user.id);
  const { POST } = await import("@/app/api/jobs/route");

  const harness: PipelineHarness = {
    fakeStore,
    engine,
    apiKey: key,
    userId: user.id,
    submit: (body, headers = {}) =>
      POST(
        new Request("http://localhost:3000/api/jobs", {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": key, ...headers },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({}) },
      ),
    async submitAndWait(domain, headers = {}) {
      const response = await harness.submit({ domain }, headers);
      const text = await response.text();
      if (response.status !== 201) throw new Error(`POST /api/jobs answered ${response.status}: ${text.slice(0, 300)}`);

      return harness.waitForJob((JSON.parse(text) as { job: { id: string } }).job.id);
    },
    async waitForJob(jobId, timeoutMs = 60_000) {
      const ended = async () => {
        const [job] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));

        return job && (job.status === "completed" || job.status === "failed") ? job : null;
      };
      const job = await waitFor(ended, { timeoutMs, intervalMs: 50, what: `job ${jobId} to end` });
      // notify-callbacks runs after completion: wait for the whole run too, and answer the job as
      // the run left it (the runs of the steps after completion are recorded on it).
      if (!job.workflowRunId) return job;
      await engine.executor?.waitForRun(job.workflowRunId, { timeoutMs });

      return (await ended()) ?? job;
    },
    async stop() {
      await engine.stop();
      await fakeStore.close();
    },
  };

  return harness;
}
