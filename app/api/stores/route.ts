import { route } from "@/lib/endpoints/route";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresQuerySchema } from "@/lib/store-directory/schemas";

export const dynamic = "force-dynamic";

// GET /api/stores – the public store directory (page, per_page, q, country, currency, app, sort)
export const GET = route({ access: "public", query: listStoresQuerySchema }, ({ query }) => listStores(query));
