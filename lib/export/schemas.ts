import { z } from "zod";
import { storeSlugSchema } from "@/lib/store-domain/schemas";
import { productSchema } from "@/lib/shopify-reader/schemas";

export const EXPORT_FORMATS = ["csv", "json"] as const;

/** GET /api/free-export?slug=…&format=csv|json */
export const freeExportQuerySchema = z.object({
  slug: storeSlugSchema,
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
export type FreeExportQuery = z.infer<typeof freeExportQuerySchema>;

/** The JSON download of GET /api/free-export (streamed: the head's fields, then the products). */
export const freeExportJsonSchema = z.object({
  store: z.object({ slug: z.string(), domain: z.string(), name: z.string().nullable(), currency: z.string().nullable() }),
  job_id: z.uuid(),
  analyzed_at: z.string().nullable(),
  products: z.array(productSchema),
});
export type FreeExportJson = z.infer<typeof freeExportJsonSchema>;
