/**
 * A StoreLens worker process for crash tests, run as `node --import tsx testing/pipeline-worker.ts`:
 * the app's own functions on the embedded engine, database from DATABASE_URL or PGLITE_DIR.
 *   WORKER_MODE=start   creates a job for JOB_DOMAIN (WEBHOOK_URL optional), prints {"jobId"}, keeps working
 *   WORKER_MODE=resume  works until JOB_ID has ended and its run finished, prints the records, exits 0
 *   WORKER_MODE=send-and-die  writes a job for JOB_DOMAIN, sends its workflow event, prints {"jobId"}
 *                       and SIGKILLs itself before marking the job dispatched
 *   WORKER_MODE=redispatch  ages JOB_ID past the stalled-job delay, runs the stalled-job cron's
 *                       function, then works as in resume
 */
import { eq } from "drizzle-orm";
import { closeDatabase, getDb } from "@/db";
import { jobs, reports, webhookCallbacks, workflowRuns, workflowSteps } from "@/db/schema";
import { quietLogger } from "@/lib/workflow/embedded";
import { startWorkflowEngine } from "@/lib/workflow/engine";
import { functions } from "@/inngest";
import { enqueueJob, insertAdmittedJob } from "@/testing/enqueue-job";
import { REDISPATCH_AFTER_MS, redispatchStalledJobs, sendAnalysisEvent } from "@/lib/jobs/dispatch-job";
import { bootstrap } from "@/server/bootstrap";
import { waitFor } from "@/testing/wait-for";

await bootstrap();
const engine = await startWorkflowEngine({ functions, leaseMs: 1000, pollMs: 20, backoffMs: () => 50, log: quietLogger() });

if (process.env.WORKER_MODE === "start") {
  const job = await enqueueJob(process.env.JOB_DOMAIN!, { webhookUrl: process.env.WEBHOOK_URL || undefined });
  process.stdout.write(`${JSON.stringify({ jobId: job.id, runId: job.workflowRunId })}\n`);
} else if (process.env.WORKER_MODE === "send-and-die") {
  const job = await insertAdmittedJob(process.env.JOB_DOMAIN!);
  await sendAnalysisEvent(job);
  process.stdout.write(`${JSON.stringify({ jobId: job.id })}\n`, () => process.kill(process.pid, "SIGKILL"));
} else {
  const jobId = process.env.JOB_ID!;
  if (process.env.WORKER_MODE === "redispatch") {
    await getDb()
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - REDISPATCH_AFTER_MS - 1000) })
      .where(eq(jobs.id, jobId));
    const redispatched = await redispatchStalledJobs();
    process.stdout.write(`${JSON.stringify({ redispatched })}\n`);
  }
  const [started] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
  const run = await engine.executor!.waitForRun(started!.workflowRunId!, { timeoutMs: 120_000 });
  // A failed run's job is failed by its onFailure run, which starts when the run has ended.
  const job = await waitFor(
    async () => {
      const [found] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
      return found && (found.status === "completed" || found.status === "failed") ? found : undefined;
    },
    { timeoutMs: 60_000, what: `job ${jobId} to end` },
  );
  const steps = await getDb().select().from(workflowSteps).where(eq(workflowSteps.runId, run.runId));
  const reportRows = await getDb().select({ jobId: reports.jobId }).from(reports).where(eq(reports.jobId, jobId));
  const callbacks = await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, jobId));
  const runsOfEvent = await getDb().$count(workflowRuns, eq(workflowRuns.eventId, `analysis-${jobId}`));
  process.stdout.write(`${JSON.stringify({ run, job, steps, reports: reportRows.length, callbacks, runsOfEvent })}\n`);
  await engine.stop();
  await closeDatabase();
  process.exit(0);
}
