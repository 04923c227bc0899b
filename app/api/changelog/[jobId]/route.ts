import { z } from "zod";
import { route } from "@/lib/endpoints/route";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { getChangelog } from "@/lib/reports/get-changelog";

export const dynamic = "force-dynamic";

// GET /api/changelog/:jobId – what changed since the store's previous completed snapshot, paginated
export const GET = route(
  { access: "public", params: z.object({ jobId: z.string().min(1) }), query: paginationQuerySchema },
  ({ params, query }) => getChangelog(params.jobId, query),
);
