import { route } from "@/lib/endpoints/route";
import { getApp } from "@/lib/apps/app-directory";
import { getAppEndpoint } from "@/lib/apps/endpoints";

export const dynamic = "force-dynamic";

// GET /api/apps/:name – one app (slug or name) and stores seen running it
export const GET = route(getAppEndpoint, ({ params }) => getApp(params.name));
