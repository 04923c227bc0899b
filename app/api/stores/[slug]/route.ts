import { route } from "@/lib/api/route";
import { getStorePageOrThrow } from "@/lib/stores/get-store-page";
import { storeSlugParamsSchema } from "@/lib/stores/store-schemas";

export const dynamic = "force-dynamic";

// GET /api/stores/:slug – a store's public page data (SEO content, products, collections, apps)
export const GET = route({ access: "public", params: storeSlugParamsSchema }, ({ params }) =>
  getStorePageOrThrow(params.slug),
);
