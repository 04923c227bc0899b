import { route } from "@/lib/api/route";
import { listStores } from "@/lib/stores/list-stores";
import { listStoresQuerySchema } from "@/lib/stores/schemas";

export const dynamic = "force-dynamic";

// GET /api/stores – the public store directory (page, per_page, q, country, currency, app, sort)
export const GET = route({ access: "public", query: listStoresQuerySchema }, ({ query }) => listStores(query));
