import { route } from "@/lib/endpoints/route";
import { requestLimitKey } from "@/lib/http/client-address";
import { getQuickLookEndpoint } from "@/lib/quick-look/endpoints";
import { getQuickLook } from "@/lib/quick-look/quick-look";

export const dynamic = "force-dynamic";

// GET /api/quick-look?domain= – a store's home page at a glance, for anyone; not a job
export const GET = route(getQuickLookEndpoint, ({ req, query }) => getQuickLook(query.domain, requestLimitKey(req.headers)));
