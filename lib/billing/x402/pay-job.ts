import type { Job } from "@/db/schema";
import type { X402PaymentSent } from "@/lib/auth/principal";
import { findJob } from "@/lib/jobs/get-job";
import { admitJob, type JobRequest } from "../admission/admit-job";
import { payWithX402 } from "./pay-with-x402";
import type { Purchase } from "./purchase";
import { JOB_OFFER } from "./requirements";
import type { Paid } from "./settlement";

/** One job (POST /api/jobs, MCP analyze_store), as an x402 payment buys it: at a job's price, with its store's free retry. */
function jobPurchase(request: JobRequest): Purchase<Job> {
  return {
    offer: JOB_OFFER,
    noun: "the job",
    boughtBy: (payment) => payment.jobId,
    load: async (id) => (await findJob(id)) ?? undefined,
    admitPaid: (admission) => admitJob(admission, request),
    freeRetry: { domain: request.domain, admit: (admission) => admitJob(admission, request) },
  };
}

/**
 * POST /api/jobs paid by an x402 payment, without an account (docs/decisions.md §8.5): the one
 * payment path (pay-with-x402.ts) buying one job. The answer is the job and its settlement.
 */
export async function payJobWithX402(payment: X402PaymentSent, request: JobRequest): Promise<Paid> {
  const { bought, settlement } = await payWithX402(payment, jobPurchase(request));

  return { job: bought, settlement };
}
