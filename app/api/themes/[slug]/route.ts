import { route } from "@/lib/endpoints/route";
import { getThemeEndpoint } from "@/lib/market/endpoints";
import { getThemeReport } from "@/lib/market/theme-report";

export const dynamic = "force-dynamic";

// GET /api/themes/:slug – a theme's market report
export const GET = route(getThemeEndpoint, ({ params }) => getThemeReport(params.slug));
