import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { DEFAULT_SALE_DAY_ASSUMPTION, type SaleDayAssumption } from "./sales-velocity";

/** Fewer measured products than this and the default assumption stands. */
export const MIN_CALIBRATION_PRODUCTS = 10;
/** A product's units per sale day is its mean over at least this many sale days. */
const MIN_DAYS_PER_PRODUCT = 3;
/** The range spans this central share of products' units per sale day. */
const LOW_QUANTILE = 0.05;
const HIGH_QUANTILE = 0.95;

/**
 * Units per sale day, measured on the stores that show quantities over the window: a product's
 * sale day is a snapshot interval in which any of its variants' levels changed (what moves
 * updated_at), its units the observed drops. typical is the pooled mean; low and high the
 * 5th and 95th percentiles of products' own means. Aggregates only: no store is named.
 */
export async function saleDayAssumption(since: Date): Promise<SaleDayAssumption> {
  const [row] = await queryRows<Record<string, number | string | null>>(getDb(), sql`
    with days as (
      select e.store_id, e.product_id, e.job_id,
        coalesce(sum(e.delta) filter (where e.kind = 'sale'), 0)::float as units
      from inventory_events e
      join stores s on s.id = e.store_id and s.exposes_inventory = true
      where e.basis = 'observed' and e.occurred_at > ${since.toISOString()}::timestamptz
      group by e.store_id, e.product_id, e.job_id
    ), products as (
      select store_id, product_id, avg(units) as mean
      from days group by store_id, product_id having count(*) >= ${MIN_DAYS_PER_PRODUCT}
    )
    select
      (select count(distinct store_id) from products)::int as stores,
      (select count(*) from products)::int as products,
      (select count(*) from days)::int as sale_days,
      (select sum(units) / nullif(count(*), 0) from days)::float as typical,
      (select percentile_cont(${LOW_QUANTILE}) within group (order by mean) from products)::float as low,
      (select percentile_cont(${HIGH_QUANTILE}) within group (order by mean) from products)::float as high`);
  const products = Number(row?.products ?? 0);
  if (!row || products < MIN_CALIBRATION_PRODUCTS || !row.typical) return DEFAULT_SALE_DAY_ASSUMPTION;
  const round = (n: number) => Math.round(n * 100) / 100;

  return {
    name: "units_per_sale_day",
    low: round(Math.max(1, Number(row.low))),
    typical: round(Math.max(1, Number(row.typical))),
    high: round(Math.max(1, Number(row.high))),
    source: "calibrated",
    calibrated_on: { stores: Number(row.stores), products, sale_days: Number(row.sale_days) },
  };
}
