import { z } from "zod";
import { storeSlugSchema } from "@/lib/store-domain/schemas";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";

/** GET /api/store-detail/:slug/inventory/events query. */
export const inventoryEventsQuerySchema = paginationQuerySchema.extend({
  type: z.enum(["sale", "restock"]).optional(),
  product_id: z.coerce.number().int().positive().optional(),
});
export type InventoryEventsQuery = z.infer<typeof inventoryEventsQuerySchema>;

export const productParamsSchema = z.object({
  slug: storeSlugSchema,
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

/** GET /api/store-detail/:slug/inventory/events. */
export const inventoryEventListSchema = paginatedSchema(inventoryEventSchema);
export type InventoryEventList = z.infer<typeof inventoryEventListSchema>;

const rangeSchema = z.object({ low: z.number(), high: z.number() });
const basisSchema = z.enum(["observed", "estimated"]);
const caseSchema = z
  .enum(["observed", "observed_with_hidden_sales", "estimated_from_signals", "not_enough_data"])
  .describe(
    "what the figure is made from: quantity changes; quantity changes with restocks that may hide sales; sale-day signals and an assumption; nothing yet (fewer than two snapshots, or snapshots spanning under 20 hours)",
  );
const saleDayFiguresSchema = z.object({ low: z.number(), typical: z.number(), high: z.number() });

/** The units-per-sale-day assumption behind figures of stores hiding quantities. */
export const saleDayAssumptionSchema = saleDayFiguresSchema
  .extend({
    name: z.literal("units_per_sale_day"),
    by_sale_day_share: z.array(saleDayFiguresSchema.extend({ min_share: z.number(), products: z.number().int() })).nullable(),
    source: z.enum(["calibrated", "default"]),
    calibrated_on: z.object({ stores: z.number().int(), products: z.number().int(), sale_days: z.number().int() }).nullable(),
  })
  .describe("an assumption, never an observation: calibrated on stores that show quantities, else a default");

/** Units sold over the window: a best guess and a range that contains the truth. */
export const unitsSoldSchema = z.object({
  basis: basisSchema,
  case: caseSchema,
  value: z.number().nullable().describe("the best guess; null before there is enough data (see case)"),
  range: rangeSchema,
  confidence: z
    .enum(["high", "medium", "low"])
    .nullable()
    .describe("null: not enough data yet to judge (fewer than 2 snapshots, or snapshots spanning under 20 hours)"),
  sale_events: z.number().int(),
  excluded_outliers: z.number().int(),
  assumption: saleDayAssumptionSchema.nullable(),
  applied_assumption: saleDayFiguresSchema
    .extend({ sale_day_share: z.number() })
    .optional()
    .describe("one product: the band figures applied to it"),
});

/** Units per day: the window's units divided by its observed_days (not_enough_data under half a day). */
export const dailyVelocitySchema = z.object({
  basis: basisSchema,
  case: caseSchema,
  value: z.number().nullable(),
  range: rangeSchema,
  confidence: z
    .enum(["high", "medium", "low"])
    .nullable()
    .describe("null: not enough data yet to judge (fewer than 2 snapshots, or snapshots spanning under 20 hours)"),
});

const windowSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  coverage_days: z.number(),
  snapshots: z.number().int().describe("the snapshots the figures are measured between (the last one before the window included)"),
  observed_from: z.string().nullable().describe("the first of those snapshots; null before any"),
  observed_to: z.string().nullable().describe("the last of those snapshots"),
  observed_days: z.number().describe("days from observed_from to observed_to: what daily rates divide by"),
});

/** A figure in money: units sold × the prices of the day, a range like the units it comes from. */
export const salesValueSchema = z
  .object({
    currency: z.string().nullable().describe("the store's currency; null when it did not say"),
    basis: basisSchema,
    value: z.number().nullable().describe("the best guess; null before two snapshots or without a known price"),
    range: rangeSchema,
    unpriced_products: z.number().int().describe("products with units sold whose prices no kept snapshot gives: left out of the figure"),
    method: z.string().describe("how the figure is made, in words"),
  })
  .describe("units sold times the prices the snapshots saw in the window, never a bare number");
export type SalesValue = z.infer<typeof salesValueSchema>;

/** One variant's prices over time, as the store's analyses saw them. */
export const priceHistorySchema = z.object({
  currency: z.string().nullable(),
  known_since: z.iso.datetime({ offset: true }).nullable().describe("the store's first analysis: no price before it is known"),
  note: z.string().nullable().describe("what the history cannot say, in words"),
  variants: z.array(
    z.object({
      variant_id: z.number(),
      title: z.string().nullable(),
      price: z.string().nullable().describe("at the latest analysis; null when the variant is gone"),
      removed_at: z.iso.datetime({ offset: true }).nullable(),
      points: z.array(
        z.object({
          from: z.iso
            .datetime({ offset: true })
            .describe("the analysis that first saw this price (the change happened since the one before)"),
          price: z.string().nullable(),
          compare_at_price: z.string().nullable(),
          job_id: z.string().nullable().describe("that analysis; null for the first price known, seen at known_since"),
          change: z.enum(["first_seen", "down", "up", "compare_at"]),
        }),
      ),
    }),
  ),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** GET /api/store-detail/:slug/inventory answer. */
export const inventorySummarySchema = z.object({
  basis: basisSchema,
  enough_data: z.boolean().describe("whether the snapshots are enough for sales figures: enough_data_after"),
  enough_data_after: z
    .object({ snapshots: z.number().int(), hours: z.number() })
    .describe("sales figures (and their confidence) need this many snapshots spanning this many hours"),
  next_snapshot_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe("when the daily monitor next analyzes the store; null when monitoring is paused"),
  snapshots: z.number().int(),
  window: windowSchema,
  total_inventory: z.number().int(),
  total_inventory_basis: z.enum(["observed", "unavailable"]),
  units_sold_30d: unitsSoldSchema.describe("the sum of the products' figures"),
  estimated_daily_sales: dailyVelocitySchema,
  sales_assumption: saleDayAssumptionSchema.nullable(),
  top_sellers: z.array(
    z.object({
      product_id: z.number(),
      title: z.string().nullable(),
      units_sold: unitsSoldSchema,
      daily_velocity: dailyVelocitySchema,
      sales_value: salesValueSchema,
    }),
  ),
  sales_value_30d: salesValueSchema.describe("units_sold_30d in money: the sum of the products'"),
  best_sellers_measured: z
    .array(z.object({ product_id: z.number(), title: z.string().nullable(), measured_units: z.number(), sales_value: salesValueSchema }))
    .describe(
      "products by the units measured for sure (units_sold.range.low: observed quantity drops, or one unit per sale day where quantities are hidden), most first",
    ),
  low_stock: z
    .object({
      basis: z.enum(["observed", "unavailable"]),
      sold_out: z.number().int().describe("products showing quantities, all at 0"),
      products: z.array(
        z.object({ product_id: z.number(), title: z.string().nullable(), units: z.number().int(), variants: z.number().int() }),
      ),
    })
    .describe("at the latest snapshot: products still in stock, fewest units first (empty when the store hides quantities)"),
  newest_products: z
    .array(z.object({ product_id: z.number(), title: z.string(), published_at: z.string().nullable() }))
    .describe("the latest snapshot's products by the date the store published (else created) them, newest first"),
  restocks_30d: z.object({ events: z.number().int(), units: z.number().int().nullable(), basis: basisSchema }),
  recent_restocks: z.array(
    z.object({
      product_id: z.number(),
      variant_id: z.number(),
      title: z.string().nullable(),
      units: z.number().int().nullable(),
      basis: basisSchema,
      occurred_at: z.string(),
    }),
  ),
  daily: z.array(
    z.object({
      day: z.string(),
      units_sold: z.number(),
      sale_events: z.number().int(),
      restock_events: z.number().int(),
      inventory: z.number().int().nullable(),
    }),
  ),
});

export type InventorySummary = z.infer<typeof inventorySummarySchema>;

/** GET /api/store-detail/:slug/inventory/product/:shopifyId answer. */
export const productInventorySchema = z.object({
  product: z.object({ id: z.number(), title: z.string().nullable(), handle: z.string().nullable(), listed: z.boolean() }),
  basis: basisSchema,
  window: windowSchema,
  units_sold: unitsSoldSchema,
  daily_velocity: dailyVelocitySchema,
  sales_value: salesValueSchema,
  price_history: priceHistorySchema,
  variants: z.array(
    z.object({
      variant_id: z.number(),
      quantity: z.number().int().nullable(),
      available: z.boolean().nullable(),
      history: z.array(
        z.object({ at: z.string(), quantity: z.number().int().nullable(), available: z.boolean().nullable(), basis: basisSchema }),
      ),
    }),
  ),
  events: paginatedSchema(inventoryEventSchema),
});
export type ProductInventory = z.infer<typeof productInventorySchema>;
