import { getEnv } from "@/lib/env";
import { enforceRateLimit } from "./rate-limit";

/**
 * Job submissions per account per minute: the per-user concurrency cap queues work, but
 * without this one account could queue millions of jobs (each a crawl of someone's store).
 */
export async function limitJobSubmissions(userId: string): Promise<void> {
  const limit = getEnv().JOB_SUBMISSIONS_PER_MINUTE;
  await enforceRateLimit(`jobs:user:${userId}`, limit, 60, `At most ${limit} job submissions per minute per account`);
}
