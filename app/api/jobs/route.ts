import { created } from "@/lib/api/responses";
import { route } from "@/lib/api/route";
import { submitJob } from "@/lib/jobs/submit-job";
import { createJobBodySchema, findJobQuerySchema } from "@/lib/jobs/job-schemas";
import { findJobByIdOrDomain } from "@/lib/jobs/find-job";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// POST /api/jobs – submit a store domain for analysis
export const POST = route({ access: "jobs.create", body: createJobBodySchema }, async ({ body, principal, req }) => {
  const job = await submitJob(body, principal, req);

  return created({ job: serializeJob(job) });
});

// GET /api/jobs?id=|domain= – find a job by id or by store domain (latest)
export const GET = route({ access: "public", query: findJobQuerySchema }, async ({ query }) => {
  const job = await findJobByIdOrDomain(query);

  return { job: serializeJob(job) };
});
