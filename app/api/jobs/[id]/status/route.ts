import { route } from "@/lib/endpoints/route";
import { getJob } from "@/lib/jobs/get-job";
import { jobIdParamsSchema } from "@/lib/jobs/schemas";
import { serializeJobStatus } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// GET /api/jobs/:id/status – the job's status and progress (for polling)
export const GET = route({ access: "public", params: jobIdParamsSchema }, async ({ params }) =>
  serializeJobStatus(await getJob(params.id)),
);
