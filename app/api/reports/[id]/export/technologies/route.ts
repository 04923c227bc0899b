import { route } from "@/lib/endpoints/route";
import { exportReportTechnologiesEndpoint } from "@/lib/export/endpoints";
import { exportReportTechnologies } from "@/lib/export/export-report-technologies";
import { technologyExportResponse } from "@/lib/export/technology-export";

export const dynamic = "force-dynamic";

// GET /api/reports/:id/export/technologies?format=csv|json&evidence=1 – the technology profile a report recorded
export const GET = route(exportReportTechnologiesEndpoint, async ({ params, query }) =>
  technologyExportResponse(await exportReportTechnologies(params.id, query), "public"),
);
