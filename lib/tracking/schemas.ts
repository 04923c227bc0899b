import { z } from "zod";
import { jobSchema } from "@/lib/jobs/schemas";
import { paginatedSchema } from "@/lib/http/pagination";

/** POST /api/shops body. */
export const trackStoreBodySchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, "domain is required")
    .max(300)
    .meta({ examples: ["allbirds.com"] }),
});
export type TrackStoreBody = z.infer<typeof trackStoreBodySchema>;

/** The monitoring state shown with each tracked store. */
export const monitoringSchema = z.object({
  /** active: checked daily; failing: the last checks failed; paused: failed too often, not retried until tracked again. */
  state: z.enum(["active", "failing", "paused"]),
  last_checked_at: z.iso.datetime({ offset: true }).nullable(),
  next_check_at: z.iso.datetime({ offset: true }).nullable(),
  consecutive_failures: z.number().int(),
  last_error: z.string().nullable(),
  last_error_code: z.string().nullable(),
});

export const trackedStoreSchema = z.object({
  slug: z.string(),
  tracked_since: z.iso.datetime({ offset: true }),
  store: z.object({
    id: z.string(),
    domain: z.string(),
    slug: z.string(),
    name: z.string().nullable(),
    product_count: z.number().int().nullable(),
    exposes_inventory: z.boolean().nullable(),
    last_analyzed_at: z.iso.datetime({ offset: true }).nullable(),
  }),
  latest_job: jobSchema.nullable(),
  monitoring: monitoringSchema,
});
export type TrackedStoreView = z.infer<typeof trackedStoreSchema>;

export const trackedStoreListSchema = paginatedSchema(trackedStoreSchema).extend({
  limit: z.object({ plan: z.string(), tracked: z.number().int(), max: z.number().int() }),
});

/** POST /api/shops answer: the tracked store, and whether this call started tracking it. */
export const trackStoreResultSchema = z.object({ shop: trackedStoreSchema, created: z.boolean() });
export const untrackStoreResultSchema = z.object({ slug: z.string(), tracked: z.literal(false) });
