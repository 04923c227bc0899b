import { route } from "@/lib/endpoints/route";
import { exportStoresTechnologiesEndpoint } from "@/lib/export/endpoints";
import { exportSegment } from "@/lib/export/export-segment";
import { technologyExportResponse } from "@/lib/export/technology-export";

export const dynamic = "force-dynamic";

// GET /api/stores/export?<directory filters>&format=csv|json&evidence=1 – a segment's technology profiles, one row per store (streamed)
export const GET = route(exportStoresTechnologiesEndpoint, async ({ query }) => technologyExportResponse(exportSegment(query), "public"));
