import { route } from "@/lib/endpoints/route";
import { getPageSpeedEndpoint } from "@/lib/pagespeed/endpoints";
import { getPagespeedOrThrow } from "@/lib/reports/get-pagespeed";

export const dynamic = "force-dynamic";

// GET /api/pagespeed/:jobId – PageSpeed audits (mobile, desktop) of a job
export const GET = route(getPageSpeedEndpoint, ({ params }) =>
  getPagespeedOrThrow(params.jobId),
);
