/** Tracking a store and running its daily check through the real API, pipeline and monitor (pipeline tests). */
import type { Job } from "@/db/schema";
import type { TrackedStoreView } from "@/lib/tracking/schemas";
import type { CheckOutcome } from "@/lib/tracking/monitor-tracked-stores";
import { sendEvent } from "@/lib/workflow/engine";
import { trackedStoreCheckRequested } from "@/lib/workflow/events";
import type { PipelineHarness } from "@/testing/pipeline";
import { callApi } from "./api-calls";

/** POST /api/shops as the harness's account (it must answer 201), then its first analysis once it ended. */
export async function trackAndWait(h: PipelineHarness, domain: string): Promise<{ shop: TrackedStoreView; job: Job }> {
  const answer = await callApi<{ shop: TrackedStoreView }>("POST", "/api/shops", { apiKey: h.apiKey }, { body: { domain } });
  if (answer.status !== 201) throw new Error(`POST /api/shops answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const jobId = answer.body.shop.latest_job?.id;
  if (!jobId) throw new Error(`POST /api/shops started no job for ${domain}`);

  return { shop: answer.body.shop, job: await h.waitForJob(jobId, 120_000) };
}

/**
 * The daily monitor's check of one tracked store, run by the workflow engine as the cron's fan-out
 * sends it, for the moment `at`; answers its monitoring job once ended (the check must start one).
 */
export async function runMonitorCheck(h: PipelineHarness, storeId: string, at: Date): Promise<Job> {
  const { runIds } = await sendEvent(trackedStoreCheckRequested.create({ storeId, at: at.toISOString() }));
  const run = await h.engine.executor!.waitForRun(runIds[0]!, { timeoutMs: 60_000 });
  const outcome = run.output as CheckOutcome | null;
  if (!outcome?.jobId) throw new Error(`the monitor's check started no job: ${JSON.stringify(run.output ?? run.error)}`);

  return h.waitForJob(outcome.jobId, 120_000);
}
