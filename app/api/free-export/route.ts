import { route } from "@/lib/endpoints/route";
import { exportResponse, exportStoreProducts } from "@/lib/export/export-store-products";
import { exportProductsEndpoint } from "@/lib/export/endpoints";

export const dynamic = "force-dynamic";

// GET /api/free-export?slug=…&format=csv|json – the latest report's products of any analyzed store, as Shopify's import CSV or JSON (streamed)
export const GET = route(exportProductsEndpoint, async ({ query }) => exportResponse(await exportStoreProducts(query)));
