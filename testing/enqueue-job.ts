import type { Job } from "@/db/schema";
import { createJob } from "@/lib/jobs/create-job";

/**
 * A queued and dispatched job, past the admission (no charge, no storage check): for tests of
 * what the worker does with work that was already accepted.
 */
export function enqueueJob(domain: string): Promise<Job> {
  return createJob({ domain, userId: null, paymentMethod: "admin" });
}
