import { created } from "@/lib/http/responses";
import { route } from "@/lib/endpoints/route";
import { retryJobEndpoint } from "@/lib/billing/endpoints";
import { retryJob } from "@/lib/billing/admission/retry-job";
import { serializeJob } from "@/lib/jobs/serialize-job";

export const dynamic = "force-dynamic";

// POST /api/admin/jobs/:id/retry – re-run a job as a new job (admins only)
export const POST = route(retryJobEndpoint, async ({ params, user }) => created({ job: serializeJob(await retryJob(params.id, user.id)) }));
