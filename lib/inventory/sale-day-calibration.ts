import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { DEFAULT_SALE_DAY_ASSUMPTION, SALE_DAY_SHARE_BANDS, type SaleDayAssumption, type SaleDayFigures } from "./sales-velocity";

/** Fewer measured products than this (overall, or in a band) and the wider figure stands. */
export const MIN_CALIBRATION_PRODUCTS = 10;
/** A store counts in the calibration (overall, or in a band) with at least this many measured products. */
const MIN_BAND_PRODUCTS = 5;
/** A product's units per sale day is its mean over at least this many sale days. */
const MIN_DAYS_PER_PRODUCT = 3;
/** The range spans this central share of products' units per sale day. */
const LOW_QUANTILE = 0.05;
const HIGH_QUANTILE = 0.95;

type Row = {
  band: number;
  stores: number;
  products: number;
  sale_days: number;
  typical: number | null;
  low: number | null;
  high: number | null;
};
/** The band key of the figures over all bands. */
const ALL_BANDS = -1;

const round = (n: number) => Math.round(n * 100) / 100;
const figures = (row: Row): SaleDayFigures => ({
  low: round(Math.max(1, Number(row.low))),
  typical: round(Math.max(1, Number(row.typical))),
  high: round(Math.max(1, Number(row.high), Number(row.typical))),
});

/**
 * Units per sale day, measured on the stores that show quantities over the window: a product's
 * sale day is a snapshot interval in which any of its variants' levels changed (what moves
 * updated_at), its units the observed drops. typical is the pooled mean; low and high the 5th
 * and 95th percentiles of products' own means. Products that sell on more days also sell more
 * on each (a product selling every day may sell 3 or 15 a day), so the figures are also given
 * per band of the share of days a product sells on, which a store hiding quantities still shows.
 * Aggregates only: no store is named.
 *
 * Each figure is the median store's (each store's own pooled mean and percentiles, then the
 * middle store, a real one's figure): any store's quantities are its own word, and one store
 * selling a billion units a day must not change the sales every other store's page shows. From
 * three measured stores on, a store can move a figure only within the range the others give.
 */
export async function saleDayAssumption(since: Date): Promise<SaleDayAssumption> {
  const bandOf = SALE_DAY_SHARE_BANDS.slice(1)
    .map((band, i) => sql`when p.share < ${band.min_share} then ${i}`)
    .reduce((a, b) => sql`${a} ${b}`);
  const rows = await queryRows<Row>(
    getDb(),
    sql`
    with days as (
      select e.store_id, e.product_id, e.job_id,
        coalesce(sum(e.delta) filter (where e.kind = 'sale'), 0)::float as units
      from inventory_events e
      join stores s on s.id = e.store_id and s.exposes_inventory = true
      join jobs j on j.id = e.job_id and j.status = 'completed'
      where e.basis = 'observed' and e.occurred_at > ${since.toISOString()}::timestamptz
      group by e.store_id, e.product_id, e.job_id
    ), intervals as (
      select store_id, count(distinct job_id)::float as n from days group by store_id
    ), products as (
      select d.store_id, d.product_id, avg(d.units) as mean, sum(d.units) as units, count(*) as days, count(*) / i.n as share
      from days d join intervals i on i.store_id = d.store_id
      group by d.store_id, d.product_id, i.n having count(*) >= ${MIN_DAYS_PER_PRODUCT}
    ), banded as (
      select p.*, case ${bandOf} else ${SALE_DAY_SHARE_BANDS.length - 1} end as band from products p
    ), per_store as (
      select store_id, case when grouping(band) = 1 then ${ALL_BANDS} else band end as band,
        count(*)::int as products, sum(days)::int as sale_days,
        (sum(units) / nullif(sum(days), 0))::float as typical,
        percentile_cont(${LOW_QUANTILE}) within group (order by mean)::float as low,
        percentile_cont(${HIGH_QUANTILE}) within group (order by mean)::float as high
      from banded group by grouping sets ((store_id, band), (store_id))
    )
    select band, count(*)::int as stores, sum(products)::int as products, sum(sale_days)::int as sale_days,
      percentile_disc(0.5) within group (order by typical) as typical,
      percentile_disc(0.5) within group (order by low) as low,
      percentile_disc(0.5) within group (order by high) as high
    from per_store where products >= ${MIN_BAND_PRODUCTS} and typical is not null
    group by band`,
  );
  const pooled = rows.find((row) => Number(row.band) === ALL_BANDS);
  if (!pooled || Number(pooled.products) < MIN_CALIBRATION_PRODUCTS || !pooled.typical) return DEFAULT_SALE_DAY_ASSUMPTION;
  const overall = figures(pooled);

  const measured = SALE_DAY_SHARE_BANDS.map((_, i) => {
    const row = rows.find((r) => Number(r.band) === i);

    return row && Number(row.products) >= MIN_BAND_PRODUCTS ? { ...figures(row), products: Number(row.products) } : null;
  });
  // A band with too few products spans its measured neighbours (or, with none, the pooled figures).
  const bands = SALE_DAY_SHARE_BANDS.map((band, i) => {
    const own = measured[i];
    if (own) return { ...band, ...own };
    const near = [measured[i - 1], measured[i + 1]].filter((b): b is NonNullable<typeof b> => Boolean(b));
    if (near.length === 0) return { ...band, ...overall, products: 0 };

    return {
      ...band,
      low: Math.min(...near.map((b) => b.low)),
      typical: round(near.reduce((product, b) => product * b.typical, 1) ** (1 / near.length)),
      high: Math.max(...near.map((b) => b.high)),
      products: 0,
    };
  });

  return {
    name: "units_per_sale_day",
    ...overall,
    // A product's share of sale days is itself uncertain (a few days move it across a band's
    // edge), so each band's range reaches halfway (on a ratio scale) to the typical figure of
    // the bands either side.
    by_sale_day_share: bands.map((band, i) => ({
      ...band,
      low: round(Math.max(1, Math.min(band.low, Math.sqrt(band.low * (bands[i - 1]?.typical ?? band.low))))),
      high: round(Math.max(band.high, Math.sqrt(band.high * (bands[i + 1]?.typical ?? band.high)))),
    })),
    source: "calibrated",
    calibrated_on: { stores: Number(pooled.stores), products: Number(pooled.products), sale_days: Number(pooled.sale_days) },
  };
}
