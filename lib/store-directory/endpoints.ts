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
    "The public directory of analyzed Shopify stores: search by words (q), country, currency, app, marketing tag or pixel (tag), language, ships-to country (market) or agent readiness (agent), all combinable; sort by recent, products or name; paginated (page, per_page ≤ 50)",
  query: listStoresQuerySchema,
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
  answers: { 200: { schema: storePageSchema }, 400: "error", 404: "error" },
});
