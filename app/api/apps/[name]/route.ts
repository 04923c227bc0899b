import { route } from "@/lib/endpoints/route";
import { appNameParamsSchema, getAppOrThrow } from "@/lib/apps/app-directory";

export const dynamic = "force-dynamic";

// GET /api/apps/:name – one app (slug or name) and stores seen running it
export const GET = route({ access: "public", params: appNameParamsSchema }, ({ params }) => getAppOrThrow(params.name));
