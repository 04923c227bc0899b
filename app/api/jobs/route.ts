import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { submitJob } from "@/lib/billing/submit-job";
import { createJobBodySchema, findJobQuerySchema } from "@/lib/jobs/schemas";
import { getJobByIdOrDomain } from "@/lib/jobs/get-job";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// POST /api/jobs – submit a store domain for analysis
export const POST = route({ access: "jobs.create", body: createJobBodySchema }, async ({ body, principal }) => {
  const { job, headers } = await submitJob(body, principal);

  return json({ job: serializeJob(job) }, 201, headers);
});

// GET /api/jobs?id=|domain= – find a job by id or by store domain (latest)
export const GET = route({ access: "public", query: findJobQuerySchema }, async ({ query }) => {
  const job = await getJobByIdOrDomain(query);

  return { job: serializeJob(job) };
});
