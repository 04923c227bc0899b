import type { Job } from "@/db/schema";
import { paymentRequired } from "@/lib/billing/x402-requirements";
import type { Principal } from "@/lib/auth/principal";
import { createJob } from "./create-job";
import type { CreateJobBody } from "./job-schemas";

/**
 * POST /api/jobs for whoever is calling. Accounts (key, bearer, session) submit on their plan;
 * an x402 payment is verified and settled by billing, which is not part of this build yet.
 */
export async function submitJob(body: CreateJobBody, principal: Principal, req: Request): Promise<Job> {
  if (principal.kind === "x402" || principal.kind === "anonymous") {
    throw paymentRequired(req, "x402 payment verification is not available yet; authenticate with an API key");
  }

  return createJob({
    domain: body.domain,
    webhookUrl: body.webhook_url,
    notifyEmail: body.notify_email,
    userId: principal.user.id,
    paymentMethod: "plan",
  });
}
