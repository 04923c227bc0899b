import { currentTime } from "@/lib/time-of-record";
import { getEnv } from "@/lib/env";
import { failJob } from "@/lib/jobs/job-state";
import { listIdleJobs } from "@/lib/jobs/list-idle-jobs";
import { logger } from "@/lib/log";
import { dropJobSnapshot } from "./drop-job-snapshot";
import { describeStorageWaitExpired } from "./store-failures";

/** Jobs ended per call: a paused worker calls this on every tick, each call is bounded work. */
const BATCH = 50;

/**
 * While storage is low the worker claims no step (docs/decisions.md §3.5), so a job in flight
 * would wait for space for good, holding its caller's concurrency slot and its rows. Once space
 * has been low for STORAGE_LOW_MAX_WAIT_MINUTES, a queued or running job that has not moved for
 * as long fails `storage_low` and what it stored is dropped. Answers how many jobs it ended.
 */
export async function failJobsWaitingOnStorage(lowSince: Date, now: Date = currentTime()): Promise<number> {
  const minutes = getEnv().STORAGE_LOW_MAX_WAIT_MINUTES;
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  if (lowSince > cutoff) return 0;
  const waiting = await listIdleJobs(cutoff, BATCH);
  let ended = 0;
  for (const id of waiting) {
    if (!(await failJob(id, describeStorageWaitExpired(minutes)))) continue;
    await dropJobSnapshot(id);
    ended += 1;
  }
  if (ended > 0) logger.warn("jobs waiting on low storage failed", { jobs: ended, waitedMinutes: minutes });

  return ended;
}
