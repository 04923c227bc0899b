import { route } from "@/lib/endpoints/route";
import { listApps, listAppsQuerySchema } from "@/lib/apps/app-directory";

export const dynamic = "force-dynamic";

// GET /api/apps – the app directory with store counts (category, q)
export const GET = route({ access: "public", query: listAppsQuerySchema }, ({ query }) => listApps(query));
