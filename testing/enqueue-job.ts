import { getDb } from "@/db";
import type { Job } from "@/db/schema";
import { insertJob, startJob } from "@/lib/jobs/create-job";
import { parseDomainOrThrow } from "@/lib/shopify-reader/parse-domain";
import { claimStoreForDomain } from "@/lib/store-directory/claim-store";

/** A queued job's rows, past the admission (no charge, no storage check), not yet dispatched. */
export async function insertAdmittedJob(domain: string, extra: { webhookUrl?: string } = {}): Promise<Job> {
  const normalised = parseDomainOrThrow(domain);

  return getDb().transaction(async (tx) => {
    const store = await claimStoreForDomain(tx, normalised);

    return insertJob(tx, { domain: normalised, store, userId: null, paymentMethod: "admin", ...extra });
  });
}

/**
 * A queued and dispatched job, past the admission (no charge, no storage check): for tests of
 * what the worker does with work that was already accepted.
 */
export async function enqueueJob(domain: string, extra: { webhookUrl?: string } = {}): Promise<Job> {
  return startJob(await insertAdmittedJob(domain, extra));
}
