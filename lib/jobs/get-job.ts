import { desc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { ApiError, notFound } from "@/lib/http/errors";
import { normalizeDomain } from "@/lib/store-domain/normalize-domain";
import { domainSpellings, findStoreForDomain } from "@/lib/store-directory/claim-store";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export async function findJob(jobId: string): Promise<Job | null> {
  if (!isUuid(jobId)) return null;
  const [job] = await getDb().select().from(jobs).where(eq(jobs.id, jobId)).limit(1);

  return job ?? null;
}

/** The latest job of the store a domain names (any spelling), else of that exact domain. */
export async function findLatestJobOfStore(domain: string): Promise<Job | null> {
  const store = await findStoreForDomain(getDb(), domain);
  const where = store
    ? or(eq(jobs.storeId, store.id), inArray(jobs.domain, domainSpellings(domain)))
    : inArray(jobs.domain, domainSpellings(domain));
  const [job] = await getDb().select().from(jobs).where(where).orderBy(desc(jobs.createdAt)).limit(1);

  return job ?? null;
}

/** The job, or the contract's 404. An id that is not even a UUID is simply not found. */
export async function getJob(jobId: string): Promise<Job> {
  const job = await findJob(jobId);
  if (!job) throw notFound(`Job ${jobId}`);

  return job;
}

/** GET /api/jobs: by id, else the latest job of the store a domain names (www. or not); 400 when neither is given. */
export async function getJobByIdOrDomain(query: { id?: string; domain?: string }): Promise<Job> {
  if (query.id) {
    const job = await findJob(query.id);
    if (!job) throw notFound(`Job ${query.id}`);

    return job;
  }
  if (query.domain) {
    const normalized = normalizeDomain(query.domain);
    const job = normalized.ok ? await findLatestJobOfStore(normalized.domain) : null;
    if (!job) throw notFound(`Job for domain ${query.domain}`);

    return job;
  }

  throw new ApiError("invalid_request", "Query parameter 'id' or 'domain' is required", {
    extra: { issues: [{ path: "query", message: "one of id or domain is required" }] },
  });
}
