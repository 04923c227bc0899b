import { route } from "@/lib/endpoints/route";
import { jobIdParamsSchema } from "@/lib/jobs/schemas";
import { jobEventStream } from "@/lib/realtime/job-event-stream";

export const dynamic = "force-dynamic";

// GET /api/jobs/:id/events – Server-Sent Events fallback of /api/ws/:jobId (same messages, same connection caps)
export const GET = route({ access: "public", params: jobIdParamsSchema }, async ({ params, req, principal }) =>
  jobEventStream(params.id, req.signal, principal.ip),
);
