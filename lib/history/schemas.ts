import { z } from "zod";
import { TECHNOLOGIES, TECHNOLOGY_EVENT_KINDS } from "@/db/schema";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";

/** Catalog changes the timeline reads from the changelog (lib/changelog), beside the technology events. */
export const CATALOG_EVENT_KINDS = ["product_added", "product_removed", "price_changed"] as const;

/** Every kind of event on a store's timeline. */
export const TIMELINE_EVENT_KINDS = [...TECHNOLOGY_EVENT_KINDS, ...CATALOG_EVENT_KINDS] as const;
export const timelineEventKindSchema = z
  .enum(TIMELINE_EVENT_KINDS)
  .describe(
    "What happened: an app installed or removed, the theme changed, a tag, language, market, social profile or agent endpoint added or removed, a product added or removed, a price changed",
  );
export type TimelineEventKind = z.infer<typeof timelineEventKindSchema>;

export const technologySchema = z.enum(TECHNOLOGIES);

export const storeTimelineQuerySchema = paginationQuerySchema.extend({
  kind: timelineEventKindSchema.optional().describe("Only events of this kind"),
});
export type StoreTimelineQuery = z.infer<typeof storeTimelineQuerySchema>;

const analysisSchema = z.object({
  job_id: z.string(),
  at: z.string().describe("When that analysis completed (ISO 8601)"),
});

export const timelineEventSchema = z.object({
  kind: timelineEventKindSchema,
  key: z
    .string()
    .describe(
      "What changed, by its stable key: an app slug, a tag kind, a language or country code, network:handle, an agent endpoint, `theme`, a product or variant id",
    ),
  label: z.string().nullable().describe("Its name for people (an app's or product's name); null when not known"),
  before: z.string().nullable().describe("What it was, for a change: the theme's name and version, the old price"),
  after: z.string().nullable().describe("What it became, for a change: the theme's name and version, the new price"),
  analysis: analysisSchema.describe("The analysis that saw the change"),
  previous_analysis: analysisSchema.nullable().describe("The analysis before it, compared with; null when no longer known"),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const technologySightingSchema = z.object({
  technology: technologySchema,
  key: z.string(),
  label: z.string(),
  version: z.string().nullable().describe("A theme's version as last seen; null for the rest"),
  present: z.boolean().describe("Whether the latest analysis that could tell still saw it"),
  first_seen: analysisSchema,
  last_seen: analysisSchema,
});
export type TechnologySighting = z.infer<typeof technologySightingSchema>;

/** GET /api/stores/:slug/timeline. */
export const storeTimelineSchema = paginatedSchema(timelineEventSchema).extend({
  store: z.object({ slug: z.string(), domain: z.string() }),
  analyses: z.object({
    count: z.number().int().describe("The store's completed analyses whose reports are kept"),
    first_at: z.string().nullable(),
    latest_at: z.string().nullable(),
  }),
  note: z
    .string()
    .nullable()
    .describe(
      "What the timeline cannot say, in a sentence (a store analyzed once, technologies recorded only since a date); null when nothing",
    ),
  technologies: z.array(technologySightingSchema).describe("Every technology any analysis saw, with when it was first and last seen"),
});
export type StoreTimeline = z.infer<typeof storeTimelineSchema>;

export const appHistoryWeekSchema = z.object({
  week: z.string().describe("The Monday the week starts on (YYYY-MM-DD, UTC)"),
  installed: z.array(z.object({ slug: z.string(), name: z.string(), at: z.string() })),
  removed: z.array(z.object({ slug: z.string(), name: z.string(), at: z.string() })),
});
export type AppHistoryWeek = z.infer<typeof appHistoryWeekSchema>;
