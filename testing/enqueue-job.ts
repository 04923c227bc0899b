import { getDb } from "@/db";
import { jobs, stores, type Job } from "@/db/schema";
import { insertJob, startJob } from "@/lib/jobs/create-job";
import { parseDomainOrThrow } from "@/lib/shopify-reader/parse-domain";
import { claimStoreForDomain } from "@/lib/store-directory/claim-store";

/** A queued job's rows, past the admission (no charge, no storage check), not yet dispatched. */
export async function insertAdmittedJob(domain: string, extra: { webhookUrl?: string } = {}): Promise<Job> {
  const normalized = parseDomainOrThrow(domain);

  return getDb().transaction(async (tx) => {
    const store = await claimStoreForDomain(tx, normalized);

    return insertJob(tx, { domain: normalized, store, userId: null, paymentMethod: "admin", ...extra });
  });
}

/**
 * A queued and dispatched job, past the admission (no charge, no storage check): for tests of
 * what the worker does with work that was already accepted.
 */
export async function enqueueJob(domain: string, extra: { webhookUrl?: string } = {}): Promise<Job> {
  return startJob(await insertAdmittedJob(domain, extra));
}

/** A job of `userId` as if admitted and running, paid by `paymentMethod`, at `step` of the pipeline, on a store of its own. */
export async function insertRunningJob(userId: string | null, paymentMethod: string, step: string | null = null): Promise<Job> {
  const slug = `running-${crypto.randomUUID().slice(0, 8)}`;
  const [store] = await getDb()
    .insert(stores)
    .values({ domain: `${slug}.test`, slug })
    .returning();
  const [job] = await getDb()
    .insert(jobs)
    .values({ storeId: store!.id, domain: `${slug}.test`, slug, userId, paymentMethod, step, status: "running" })
    .returning();

  return job!;
}
