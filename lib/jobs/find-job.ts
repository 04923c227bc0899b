import type { Job } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api/errors";
import { normalizeDomain } from "@/lib/shopify/domain";
import { findJob, findLatestJobForDomain } from "./get-job";

/** GET /api/jobs: by id, else the latest job of a domain; 400 when neither is given. */
export async function findJobByIdOrDomain(query: { id?: string; domain?: string }): Promise<Job> {
  if (query.id) {
    const job = await findJob(query.id);
    if (!job) throw notFound(`Job ${query.id}`);

    return job;
  }
  if (query.domain) {
    const normalized = normalizeDomain(query.domain);
    const job = normalized.ok ? await findLatestJobForDomain(normalized.domain) : null;
    if (!job) throw notFound(`Job for domain ${query.domain}`);

    return job;
  }

  throw new ApiError("invalid_request", "Query parameter 'id' or 'domain' is required", {
    extra: { issues: [{ path: "query", message: "one of id or domain is required" }] },
  });
}
