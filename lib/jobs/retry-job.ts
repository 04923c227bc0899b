import type { Job } from "@/db/schema";
import { createJob } from "./create-job";
import { getJobOrThrow } from "./get-job";

/**
 * Admin retry: a NEW job (new id, its own webhook and e-mail records) for the same store and
 * callbacks. The original job is never touched (completed jobs are immutable anyway).
 */
export async function retryJob(jobId: string): Promise<Job> {
  const original = await getJobOrThrow(jobId);

  return createJob({
    domain: original.domain,
    webhookUrl: original.webhookUrl ?? undefined,
    notifyEmail: original.notifyEmail ?? undefined,
    userId: original.userId,
    paymentMethod: "admin",
    retryOf: original.id,
  });
}
