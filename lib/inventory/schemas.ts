import { z } from "zod";
import { paginationQuerySchema } from "@/lib/http/pagination";

/** GET /api/store-detail/:slug/inventory/events query. */
export const inventoryEventsQuerySchema = paginationQuerySchema.extend({
  type: z.enum(["sale", "restock"]).optional(),
  product_id: z.coerce.number().int().positive().optional(),
});
export type InventoryEventsQuery = z.infer<typeof inventoryEventsQuerySchema>;

export const productParamsSchema = z.object({
  slug: z.string().trim().min(1).max(200).regex(/^[a-z0-9-]+$/, "slug is lower-case letters, digits and dashes"),
  shopifyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const inventoryEventSchema = z.object({
  id: z.string(),
  type: z.enum(["sale", "restock"]),
  product_id: z.number(),
  variant_id: z.number(),
  title: z.string().nullable(),
  /** Units moved; null when only availability flipped (estimated). */
  units: z.number().int().nullable(),
  basis: z.enum(["observed", "estimated"]),
  job_id: z.string(),
  occurred_at: z.iso.datetime({ offset: true }),
});
