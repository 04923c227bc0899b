import type { Job } from "@/db/schema";
import { getJob } from "@/lib/jobs/get-job";
import { admitJob } from "./admit-job";

/**
 * Admin retry: a NEW job (new id, its own webhook and e-mail records) for the same store and
 * callbacks, free and recorded as the admin's. The original job is never touched (completed
 * jobs are immutable anyway).
 */
export async function retryJob(jobId: string, adminId: string): Promise<Job> {
  const original = await getJob(jobId);

  return admitJob(
    { payer: "admin", adminId, retryOf: original.id, ownerId: original.userId },
    { domain: original.domain, webhookUrl: original.webhookUrl ?? undefined, notifyEmail: original.notifyEmail ?? undefined },
  );
}
