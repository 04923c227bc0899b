import { z } from "zod";
import { route } from "@/lib/endpoints/route";
import { getPagespeed } from "@/lib/pagespeed/get-pagespeed";

export const dynamic = "force-dynamic";

// GET /api/pagespeed/:jobId – PageSpeed audits (mobile, desktop) of a job
export const GET = route({ access: "public", params: z.object({ jobId: z.string().min(1).max(300) }) }, ({ params }) =>
  getPagespeed(params.jobId),
);
