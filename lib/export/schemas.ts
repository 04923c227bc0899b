import { z } from "zod";

export const EXPORT_FORMATS = ["csv", "json"] as const;

/** GET /api/free-export?slug=…&format=csv|json */
export const freeExportQuerySchema = z.object({
  slug: z.string().trim().min(1).max(300),
  format: z.enum(EXPORT_FORMATS).default("csv"),
});
export type FreeExportQuery = z.infer<typeof freeExportQuerySchema>;
