import { route } from "@/lib/endpoints/route";
import { technologyExportResponse } from "@/lib/export/technology-export";
import { exportListEndpoint } from "@/lib/lists/endpoints";
import { exportList } from "@/lib/lists/export-list";

export const dynamic = "force-dynamic";

// GET /api/lists/:id/export?format=csv|json&evidence=1 – the list's stores' technology profiles (streamed)
export const GET = route(exportListEndpoint, async ({ user, params, query }) =>
  technologyExportResponse(await exportList(user, params.id, query), "private"),
);
