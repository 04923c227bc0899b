import { route } from "@/lib/endpoints/route";
import { getReportScreenshotEndpoint } from "@/lib/reports/endpoints";
import { getReportScreenshotResponse } from "@/lib/reports/get-report-screenshot";

export const dynamic = "force-dynamic";

// GET /api/reports/:id/screenshots/:size – a completed report's screenshot (JPEG), cached for good
export const GET = route(getReportScreenshotEndpoint, ({ params }) => getReportScreenshotResponse(params.id, params.size));
