import { json } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { submitJob } from "@/lib/billing/submit-job";
import { settlementHeaders } from "@/lib/billing/x402/settlement";
import { createJobEndpoint, findJobEndpoint } from "@/lib/jobs/endpoints";
import { getJobByIdOrDomain } from "@/lib/jobs/get-job";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// POST /api/jobs – submit a store domain for analysis; an x402 settlement answers in PAYMENT-RESPONSE (v2) and X-PAYMENT-RESPONSE (v1)
export const POST = route(createJobEndpoint, async ({ body, principal }) => {
  const { job, settlement } = await submitJob(body, principal);

  return json({ job: serializeJob(job) }, 201, settlement ? settlementHeaders(settlement) : {});
});

// GET /api/jobs?id=|domain= – find a job by id or by store domain (latest)
export const GET = route(findJobEndpoint, async ({ query }) => {
  const job = await getJobByIdOrDomain(query);

  return { job: serializeJob(job) };
});
