import type { Job } from "@/db/schema";
import { assertEmailVerifiedForJobs } from "@/lib/auth/email-verification";
import type { Principal } from "@/lib/auth/principal";
import type { CreateJobBody } from "@/lib/jobs/schemas";
import { limitJobSubmissions } from "@/lib/limits/job-submission-limit";
import { createPaidJob } from "./pay-for-job";

/**
 * POST /api/jobs for whoever is calling: billing decides what pays for the job (plan quota,
 * credit, Pro, or an x402 payment) atomically with its creation.
 */
export async function submitJob(body: CreateJobBody, principal: Principal): Promise<{ job: Job; headers: Record<string, string> }> {
  // Accounts are also held to a per-minute submission limit (an x402 payment is its own limit).
  if ("user" in principal) {
    assertEmailVerifiedForJobs(principal.user);
    await limitJobSubmissions(principal.user.id);
  }

  return createPaidJob(principal, {
    domain: body.domain,
    webhookUrl: body.webhook_url,
    notifyEmail: body.notify_email,
  });
}
