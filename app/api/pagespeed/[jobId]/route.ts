import { route } from "@/lib/endpoints/route";
import { getPageSpeedEndpoint } from "@/lib/pagespeed/endpoints";
import { getPagespeed } from "@/lib/pagespeed/get-pagespeed";

export const dynamic = "force-dynamic";

// GET /api/pagespeed/:jobId – PageSpeed audits (mobile, desktop) of a job
export const GET = route(getPageSpeedEndpoint, ({ params }) => getPagespeed(params.jobId));
