import { z } from "zod";

/** GET /api/store-detail/:slug/compare query: two job ids of the store (default: its latest two completed). */
export const compareQuerySchema = z
  .object({
    from: z.uuid("from must be a job id").optional(),
    to: z.uuid("to must be a job id").optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: "give both from and to, or neither", path: ["to"] });
export type CompareQuery = z.infer<typeof compareQuerySchema>;

export const COMPARE_CATEGORIES = ["products", "variants", "prices", "availability", "collections", "pages", "apps", "theme"] as const;
export type CompareCategory = (typeof COMPARE_CATEGORIES)[number];
/** The contract's cap per category. */
export const COMPARE_MAX_ITEMS = 500;
