/**
 * A StoreLens worker process for crash tests, run as `node --import tsx testing/pipeline-worker.ts`:
 * the app's own functions on the embedded engine, database from DATABASE_URL or PGLITE_DIR.
 *   WORKER_MODE=start   creates a job for JOB_DOMAIN (WEBHOOK_URL optional), prints {"jobId"}, keeps working
 *   WORKER_MODE=resume  works until JOB_ID has ended and its run finished, prints the records, exits 0
 */
import { eq } from "drizzle-orm";
import { closeDatabase, getDb } from "@/db";
import { jobs, reports, webhookCallbacks, workflowSteps } from "@/db/schema";
import { quietLogger } from "@/inngest/embedded";
import { startWorkflowEngine } from "@/inngest/engine";
import { functions } from "@/inngest/functions";
import { createJob } from "@/lib/jobs/create-job";
import { bootstrap } from "@/lib/system/bootstrap";

await bootstrap();
const engine = await startWorkflowEngine({ functions, leaseMs: 1000, pollMs: 20, backoffMs: () => 50, log: quietLogger() });

if (process.env.WORKER_MODE === "start") {
  const job = await createJob({
    domain: process.env.JOB_DOMAIN!,
    webhookUrl: process.env.WEBHOOK_URL || undefined,
    userId: null,
    paymentMethod: "admin",
  });
  process.stdout.write(`${JSON.stringify({ jobId: job.id, runId: job.workflowRunId })}\n`);
} else {
  const jobId = process.env.JOB_ID!;
  const [started] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
  const run = await engine.executor!.waitForRun(started!.workflowRunId!, { timeoutMs: 120_000 });
  const [job] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
  const steps = await getDb().select().from(workflowSteps).where(eq(workflowSteps.runId, run.runId));
  const reportRows = await getDb().select({ jobId: reports.jobId }).from(reports).where(eq(reports.jobId, jobId));
  const callbacks = await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, jobId));
  process.stdout.write(`${JSON.stringify({ run, job, steps, reports: reportRows.length, callbacks })}\n`);
  await engine.stop();
  await closeDatabase();
  process.exit(0);
}
