import { route } from "@/lib/endpoints/route";
import { getReportEndpoint } from "@/lib/reports/endpoints";
import { getReportResponse } from "@/lib/reports/get-report";

export const dynamic = "force-dynamic";

// GET /api/reports/:id – the full report by job id, payment id or store slug (latest), served
// from its stored compressed body with ETag / 304; ?products_page= pages its products
export const GET = route(getReportEndpoint, ({ params, query, req }) => getReportResponse(params.id, req, query));
