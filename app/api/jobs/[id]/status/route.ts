import { route } from "@/lib/endpoints/route";
import { getJob } from "@/lib/jobs/get-job";
import { getJobStatusEndpoint } from "@/lib/jobs/endpoints";
import { serializeJobStatus } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// GET /api/jobs/:id/status – the job's status and progress (for polling)
export const GET = route(getJobStatusEndpoint, async ({ params }) => serializeJobStatus(await getJob(params.id)));
