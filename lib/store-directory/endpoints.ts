import { defineEndpoint } from "@/lib/http/define-endpoint";
import { storeSlugParamsSchema } from "@/lib/store-domain/schemas";
import { listStoresQuerySchema, storeListSchema, storePageQuerySchema, storePageSchema } from "./schemas";

export const listStoresEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/stores",
  access: "public",
  operationId: "listStores",
  tag: "directory",
  summary:
    "The public directory of analyzed Shopify stores as segments: words (q); apps all of (app), any of (app_any), none of (app_none); apps installed or removed within N days (installed, removed, within_days); theme; marketing tags or pixels (tag); country; currency; languages; ships-to countries (market); agent readiness (agent); product count and median price ranges; first and last analyzed dates. All combinable, lists comma-separated; sorted (recent, first_analyzed, products, products_asc, price, price_asc, name); with the segment's total; paginated (page ≤ 200, per_page ≤ 50)",
  query: listStoresQuerySchema,
  description:
    "Filters combine (AND); each list filter takes up to 10 comma-separated values. page is at most 200 and per_page at most 50; a value past its schema (an unknown sort, a malformed country code) is 400 naming the parameter. Only stores with a completed analysis are listed; the same query with format is GET /api/stores/export.",
  answers: { 200: { schema: storeListSchema }, 400: "error" },
});

export const getStoreEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/stores/:slug",
  access: "public",
  operationId: "getStore",
  tag: "directory",
  summary:
    "A store's public data by slug: SEO content, summary, prices, theme, apps, collections, PageSpeed and a page of its products (page, per_page ≤ 50)",
  params: storeSlugParamsSchema,
  query: storePageQuerySchema,
  description:
    "By the store's slug (its domain with dots as dashes, as in /stores/<slug>). 404 when no store has the slug or it has no completed analysis yet. The product page follows page and per_page (at most 50, 24 by default).",
  answers: { 200: { schema: storePageSchema }, 400: "error", 404: "error" },
});
