import { route } from "@/lib/endpoints/route";
import { getJob } from "@/lib/jobs/get-job";
import { jobIdParamsSchema } from "@/lib/jobs/schemas";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// GET /api/jobs/:id – job details
export const GET = route({ access: "public", params: jobIdParamsSchema }, async ({ params }) => ({
  job: serializeJob(await getJob(params.id)),
}));
