import { route } from "@/lib/endpoints/route";
import { streamJobEventsEndpoint } from "@/lib/jobs/endpoints";
import { jobEventStream } from "@/lib/realtime/job-event-stream";

export const dynamic = "force-dynamic";

// GET /api/jobs/:id/events – Server-Sent Events fallback of /api/ws/:jobId (same messages, same connection caps)
export const GET = route(streamJobEventsEndpoint, async ({ params, req, principal }) =>
  jobEventStream(params.id, req.signal, principal.ip),
);
