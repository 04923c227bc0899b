import { sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { snapshotUsage } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { lockJob } from "@/lib/jobs/lock-job";

/** Why a job stored no more: its storage budget is spent, or the job has ended. */
export class SnapshotWriteRefused extends Error {
  constructor(
    readonly reason: "budget" | "job_ended",
    readonly usedBytes = 0,
    readonly budgetBytes = 0,
  ) {
    super(reason === "budget" ? `the snapshot would take ${usedBytes} bytes, over its budget of ${budgetBytes}` : "the job has ended");
    this.name = "SnapshotWriteRefused";
  }
}

/**
 * Counts `bytes` a job is about to store (its products, its screenshots) against its storage budget
 * (JOB_STORAGE_BUDGET_MB), in the transaction that stores them, before they are written: past the
 * budget, or once the job has ended, it throws SnapshotWriteRefused and the caller's transaction
 * stores nothing. Bytes written again count again: the budget may be reached early, never passed.
 */
export async function countJobStorage(tx: Transaction, jobId: string, bytes: number): Promise<void> {
  const budgetBytes = getEnv().JOB_STORAGE_BUDGET_MB * 1024 * 1024;
  // Shared lock: a job failed meanwhile (failJob) waits for this write, or this write sees it failed.
  const job = await lockJob(tx, jobId, "share");
  if (!job || job.status === "completed" || job.status === "failed") throw new SnapshotWriteRefused("job_ended");
  const [row] = await tx
    .insert(snapshotUsage)
    .values({ jobId, bytes })
    .onConflictDoUpdate({ target: snapshotUsage.jobId, set: { bytes: sql`${snapshotUsage.bytes} + ${bytes}` } })
    .returning({ bytes: snapshotUsage.bytes });
  const usedBytes = Number(row?.bytes ?? bytes);
  if (usedBytes > budgetBytes) throw new SnapshotWriteRefused("budget", usedBytes, budgetBytes);
}
