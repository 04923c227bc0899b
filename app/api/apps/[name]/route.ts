import { route } from "@/lib/endpoints/route";
import { appNameParamsSchema, getApp } from "@/lib/apps/app-directory";

export const dynamic = "force-dynamic";

// GET /api/apps/:name – one app (slug or name) and stores seen running it
export const GET = route({ access: "public", params: appNameParamsSchema }, ({ params }) => getApp(params.name));
