import { route } from "@/lib/endpoints/route";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresEndpoint } from "@/lib/store-directory/endpoints";

export const dynamic = "force-dynamic";

// GET /api/stores – the public store directory (page, per_page, q, country, currency, app, tag, language, market, agent, sort)
export const GET = route(listStoresEndpoint, ({ query }) => listStores(query));
