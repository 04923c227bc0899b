import { route } from "@/lib/endpoints/route";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { getStoreEndpoint } from "@/lib/store-directory/endpoints";

export const dynamic = "force-dynamic";

// GET /api/stores/:slug – a store's public page data (SEO, summary, prices, a page of products, collections, theme, apps, PageSpeed)
export const GET = route(getStoreEndpoint, ({ params, query }) => getStorePage(params.slug, query));
