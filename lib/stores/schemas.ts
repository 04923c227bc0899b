import { z } from "zod";
import { paginationQuerySchema } from "@/lib/http/pagination";

export const listStoresQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  country: z.string().trim().length(2).toUpperCase().optional(),
  currency: z.string().trim().length(3).toUpperCase().optional(),
  app: z.string().trim().max(100).optional(),
  sort: z.enum(["recent", "products", "name"]).default("recent"),
});
export type ListStoresQuery = z.infer<typeof listStoresQuerySchema>;

export const storeSlugParamsSchema = z.object({ slug: z.string().min(1).max(300) });

export const storeSummarySchema = z.object({
  slug: z.string(),
  domain: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  theme: z.string().nullable(),
  product_count: z.number().nullable(),
  collection_count: z.number().nullable(),
  page_count: z.number().nullable(),
  last_analyzed_at: z.string().nullable(),
  url: z.url(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

/** The store page's product pager (GET /api/stores/:slug?page=&per_page=). */
export const storePageQuerySchema = paginationQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(50).default(24),
});
export type StorePageQuery = z.infer<typeof storePageQuerySchema>;
