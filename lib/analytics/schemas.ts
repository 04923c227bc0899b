import { z } from "zod";
import { CHANGE_DETAIL_TYPES, CHANGE_TYPES } from "./change-types";

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

const changeCountsSchema = z
  .partialRecord(z.enum(CHANGE_TYPES), z.number().int())
  .describe(
    "changes by type: a product, collection or page added, removed or changed; a product counts once however many of its variants, prices or stock flags moved",
  );
const changeDetailsSchema = z
  .partialRecord(z.enum(CHANGE_DETAIL_TYPES), z.number().int())
  .describe(
    "what moved inside the changes (field edits, variants, prices, availability) and the inventory events (sale, restock) beside them; context, never counted as changes",
  );

/** The 365-day change heat graph: one cell per UTC day, zero-filled, with counts by change type. */
export const heatGraphSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  types: z.array(z.enum(CHANGE_TYPES)),
  detail_types: z.array(z.enum(CHANGE_DETAIL_TYPES)),
  max_total: z.number().int(),
  totals: z.record(z.enum(CHANGE_TYPES), z.number().int()),
  detail_totals: z.record(z.enum(CHANGE_DETAIL_TYPES), z.number().int()),
  latest_day_with_data: z.string().nullable().describe("the last day with a snapshot or a change; null before the first"),
  first_day_with_data: z.string().nullable().describe("the first day with a snapshot or a change; null before the first"),
  compact_from: z
    .string()
    .nullable()
    .describe("while every day with data is in the last 28, the day those 28 start on (the page draws only them); null after"),
  cells: z.array(
    z.object({
      day: z.string(),
      snapshots: z.number().int().describe("snapshots completed that day; a day's changes are each of them against the snapshot before it"),
      total: z.number().int().describe("changes that day: the sum of counts"),
      counts: changeCountsSchema,
      details: changeDetailsSchema,
    }),
  ),
});
export type HeatGraph = z.infer<typeof heatGraphSchema>;

/** GET /api/store-detail/:slug/analytics. */
export const storeAnalyticsSchema = z.object({
  store: z.object({
    slug: z.string(),
    domain: z.string(),
    name: z.string().nullable(),
    currency: z.string().nullable(),
    exposes_inventory: z.boolean().nullable(),
    first_analyzed_at: z.string().nullable(),
    last_analyzed_at: z.string().nullable(),
  }),
  catalog: z.object({
    products: z.number().int().nullable(),
    variants: z.number().int().nullable(),
    price_min: z.number().nullable(),
    price_max: z.number().nullable(),
    price_avg: z.number().nullable(),
    basis: z.literal("observed").describe("Counts are observed; price statistics derived from observed prices"),
  }),
  over_time: z.array(
    z.object({
      day: z.string(),
      products: z.number().int(),
      variants: z.number().int(),
      available_variants: z.number().int(),
      price_min: z.number().nullable(),
      price_max: z.number().nullable(),
      price_avg: z.number().nullable(),
      changes: z.number().int(),
    }),
  ),
  heat_graph: heatGraphSchema,
});
export type StoreAnalytics = z.infer<typeof storeAnalyticsSchema>;

const compareItemSchema = z.object({
  change: z.enum(["added", "removed", "changed"]),
  id: z.string(),
  product_id: z.number().nullable().describe("the product a product, variant, price or availability item belongs to"),
  handle: z.string().nullable().describe("that product's handle (its page on the store is /products/<handle>)"),
  title: z.string().nullable(),
  before: z.unknown().describe("The item before (null when added)"),
  after: z.unknown().describe("The item after (null when removed)"),
});
export type CompareItem = z.infer<typeof compareItemSchema>;

const compareCategorySchema = z.object({
  totals: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
  truncated: z.boolean().describe("More items than the 500 kept"),
  added: z.array(compareItemSchema),
  removed: z.array(compareItemSchema),
  changed: z.array(compareItemSchema),
});

const snapshotViewSchema = z.object({
  job_id: z.uuid(),
  completed_at: z.string().nullable(),
  listing_complete: z.boolean(),
  products: z.number().int().nullable(),
});

export const storeSnapshotsSchema = z
  .array(
    z.object({
      job_id: z.uuid(),
      completed_at: z.string(),
      products: z.number().int().nullable(),
      comparable: z.boolean().describe("false once snapshot cleanup removed its products: Compare refuses it"),
    }),
  )
  .describe("the store's completed snapshots of the last 365 days, newest first: what from and to can name");
export type StoreSnapshots = z.infer<typeof storeSnapshotsSchema>;

/** GET /api/store-detail/:slug/compare. */
export const snapshotComparisonSchema = z.object({
  from: snapshotViewSchema,
  to: snapshotViewSchema,
  max_items_per_category: z.number().int(),
  changes: z
    .object({ total: z.number().int(), counts: z.record(z.enum(CHANGE_TYPES), z.number().int()) })
    .describe("the changes between the two snapshots by the heat graph's definition (apps and theme are listed, not counted)"),
  removals_reported: z.boolean().describe("False when the newer snapshot's listing was incomplete: removals are then not reported"),
  categories: z.record(z.enum(COMPARE_CATEGORIES), compareCategorySchema),
  snapshots: storeSnapshotsSchema,
});
export type SnapshotComparison = z.infer<typeof snapshotComparisonSchema>;
