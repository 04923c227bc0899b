import { route } from "@/lib/endpoints/route";
import { getJob } from "@/lib/jobs/get-job";
import { getJobEndpoint } from "@/lib/jobs/endpoints";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// GET /api/jobs/:id – job details
export const GET = route(getJobEndpoint, async ({ params }) => ({
  job: serializeJob(await getJob(params.id)),
}));
