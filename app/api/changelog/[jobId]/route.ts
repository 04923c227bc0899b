import { z } from "zod";
import { route } from "@/lib/api/route";
import { getChangelog } from "@/lib/reports/get-changelog";

export const dynamic = "force-dynamic";

// GET /api/changelog/:jobId – what changed since the store's previous completed snapshot
export const GET = route({ access: "public", params: z.object({ jobId: z.string().min(1) }) }, ({ params }) =>
  getChangelog(params.jobId),
);
