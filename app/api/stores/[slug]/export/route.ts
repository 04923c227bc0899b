import { route } from "@/lib/endpoints/route";
import { exportStoreTechnologiesEndpoint } from "@/lib/export/endpoints";
import { exportStoreTechnologies } from "@/lib/export/export-store-technologies";
import { technologyExportResponse } from "@/lib/export/technology-export";

export const dynamic = "force-dynamic";

// GET /api/stores/:slug/export?format=csv|json&evidence=1 – one store's technology profile (its latest analysis)
export const GET = route(exportStoreTechnologiesEndpoint, async ({ params, query }) =>
  technologyExportResponse(await exportStoreTechnologies(params.slug, query), "public"),
);
