import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { submitJob } from "@/lib/billing/submit-job";
import { createJobEndpoint } from "@/lib/billing/endpoints";
import { findJobEndpoint } from "@/lib/jobs/endpoints";
import { getJobByIdOrDomain } from "@/lib/jobs/get-job";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// POST /api/jobs – submit a store domain for analysis
export const POST = route(createJobEndpoint, async ({ body, principal }) => {
  const { job, headers } = await submitJob(body, principal);

  return json({ job: serializeJob(job) }, 201, headers);
});

// GET /api/jobs?id=|domain= – find a job by id or by store domain (latest)
export const GET = route(findJobEndpoint, async ({ query }) => {
  const job = await getJobByIdOrDomain(query);

  return { job: serializeJob(job) };
});
