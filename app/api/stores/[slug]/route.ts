import { route } from "@/lib/endpoints/route";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { storePageQuerySchema, storeSlugParamsSchema } from "@/lib/store-directory/schemas";

export const dynamic = "force-dynamic";

// GET /api/stores/:slug – a store's public page data (SEO, summary, prices, a page of products, collections, theme, apps, PageSpeed)
export const GET = route({ access: "public", params: storeSlugParamsSchema, query: storePageQuerySchema }, ({ params, query }) =>
  getStorePage(params.slug, query),
);
