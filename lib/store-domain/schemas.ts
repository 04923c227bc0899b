import { z } from "zod";

/**
 * A store's slug as a caller names it (a path or a query). What `slugCandidates` gives: a host
 * of at most 253 characters, dots to dashes, plus a suffix of at most 11 (`-` and 10 hex
 * digits), so 300 admits every slug there is; the API contract sets no shorter limit.
 */
export const storeSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^[a-z0-9-]+$/, "slug is lower-case letters, digits and dashes");

/** A store slug in the path (/api/stores/:slug, /api/shops/:slug, /api/store-detail/:slug/...). */
export const storeSlugParamsSchema = z.object({ slug: storeSlugSchema });
