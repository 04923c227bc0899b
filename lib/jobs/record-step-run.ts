import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, type StepRun } from "@/db/schema";

/**
 * Appends one run of a pipeline step to its job. Unlike the state changes in job-state.ts it is
 * not guarded on the job being active: store-report-body and notify-callbacks run after the job
 * completed, and their time counts too. It announces nothing; the next progress message carries it.
 */
export async function recordStepRun(jobId: string, run: StepRun): Promise<void> {
  await getDb()
    .update(jobs)
    .set({ stepRuns: sql`${jobs.stepRuns} || ${JSON.stringify([run])}::jsonb` })
    .where(eq(jobs.id, jobId));
}
