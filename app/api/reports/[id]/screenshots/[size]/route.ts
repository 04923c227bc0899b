import { route } from "@/lib/endpoints/route";
import { getReportScreenshotEndpoint } from "@/lib/reports/endpoints";
import { getReportScreenshotResponse } from "@/lib/reports/get-report-screenshot";

export const dynamic = "force-dynamic";

// GET /api/reports/:id/screenshots/:size – a completed report's screenshot (JPEG), with ETag / 304
export const GET = route(getReportScreenshotEndpoint, ({ params, req }) => getReportScreenshotResponse(params.id, params.size, req));
