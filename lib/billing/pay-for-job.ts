import type { Job } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { createJob, type CreateJobInput } from "@/lib/jobs/create-job";
import { chargeAccount } from "./charge-account";
import { payJobWithX402 } from "./pay-with-x402";
import { paymentRequired } from "./x402-requirements";

export type PaidJobFields = Pick<CreateJobInput, "domain" | "webhookUrl" | "notifyEmail">;

/**
 * The one way a caller's job gets paid for. Accounts (session, API key, bearer) go through
 * their plan (Free quota, Pro, single_report credits); a caller without an account pays per
 * job with x402; a caller with neither gets the 402 (or 401 when x402 is off).
 */
export async function createPaidJob(
  principal: Principal,
  fields: PaidJobFields,
): Promise<{ job: Job; headers: Record<string, string> }> {
  switch (principal.kind) {
    case "anonymous":
      throw paymentRequired();
    case "x402":
      return payJobWithX402(principal.paymentHeader, fields);
    default: {
      const job = await createJob({ ...fields, userId: principal.user.id, paymentMethod: "plan", charge: chargeAccount(principal.user.id) });

      return { job, headers: {} };
    }
  }
}
