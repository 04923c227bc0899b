import type { Principal } from "@/lib/auth/principal";
import type { CreateJobRequest } from "@/lib/jobs/create-job-request";
import { admitJob, type JobRequest } from "./admission/admit-job";
import { payJobWithX402 } from "./x402/pay-job";
import { paymentRequired } from "./x402/requirements";
import type { Paid } from "./x402/settlement";

/**
 * POST /api/jobs for whoever is calling (API key, bearer, session — the dashboard's form too):
 * an account's plan pays through the admission; a caller without an account pays per job with
 * x402; a caller with neither gets the 402 (or 401 when x402 is off). The answer is the job and
 * the x402 settlement, if one was made, for the door to hand over (a header, an MCP `_meta`).
 */
export async function submitJob(body: CreateJobRequest, principal: Principal): Promise<Paid> {
  const request: JobRequest = { domain: body.domain, webhookUrl: body.webhook_url, notifyEmail: body.notify_email };
  switch (principal.kind) {
    case "anonymous":
      throw paymentRequired();
    case "x402":
      return payJobWithX402(principal.payment, request);
    default:
      return { job: await admitJob({ payer: "account", user: principal.user, purpose: "job" }, request), settlement: null };
  }
}
