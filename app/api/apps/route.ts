import { route } from "@/lib/endpoints/route";
import { listApps } from "@/lib/apps/app-directory";
import { listAppsEndpoint } from "@/lib/apps/endpoints";

export const dynamic = "force-dynamic";

// GET /api/apps – the app directory with store counts (category, q)
export const GET = route(listAppsEndpoint, ({ query }) => listApps(query));
