import { and, eq, gte, lte } from "drizzle-orm";
import { getDb } from "@/db";
import { storeDailyChanges } from "@/db/schema";
import {
  CHANGE_DETAIL_TYPES,
  CHANGE_TYPES,
  COUNTED_PREFIX,
  detailTypeName,
  utcDay,
  type ChangeDetailType,
  type ChangeType,
} from "./change-types";
import type { HeatGraph } from "./schemas";

/** The contract's heat graph span. */
export const HEAT_GRAPH_DAYS = 365;
/**
 * Until a store has this many days of data, the page draws only the last this-many days: a
 * year of empty squares on day one says nothing and took most of the card.
 */
export const HEAT_GRAPH_COMPACT_DAYS = 28;

type Dated = { day: string; snapshots: number; total: number };

/** The first day with a snapshot or a change; null before the first snapshot. */
export function firstDayWithData(cells: Dated[]): string | null {
  return cells.find((cell) => cell.snapshots > 0 || cell.total > 0)?.day ?? null;
}

/** The day a compact graph starts on (the last HEAT_GRAPH_COMPACT_DAYS), or null once there is data from before it. */
export function compactFrom(cells: Dated[], days = HEAT_GRAPH_COMPACT_DAYS): string | null {
  const start = cells.at(-days)?.day ?? cells[0]?.day ?? null;
  const first = firstDayWithData(cells);

  return start !== null && (first === null || first >= start) ? start : null;
}

type StoredRow = { day: string; type: string; count: number };
export type HeatCell = HeatGraph["cells"][number];

/** The UTC days of the heat graph ending on `now`'s day, oldest first. */
export function heatGraphDays(now: Date, days = HEAT_GRAPH_DAYS): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  return Array.from({ length: days }, (_, i) => utcDay(new Date(end - (days - 1 - i) * 86_400_000)));
}

/**
 * One day's cell from its stored rows. Days recorded before changes were counted by product
 * (no `change:` rows) fall back to their per-item rows: products added and removed, collections
 * and pages are the same either way, and `product_changed` is then the products whose own
 * fields changed (a lower bound: price and stock moves of those days are in `details` only).
 */
function cellOf(day: string, rows: StoredRow[], snapshots: number): HeatCell {
  const counts: Partial<Record<ChangeType, number>> = {};
  const details: Partial<Record<ChangeDetailType, number>> = {};
  const counted = rows.some((row) => row.type.startsWith(COUNTED_PREFIX));
  for (const row of rows) {
    if (row.type.startsWith(COUNTED_PREFIX)) {
      const type = row.type.slice(COUNTED_PREFIX.length) as ChangeType;
      if ((CHANGE_TYPES as readonly string[]).includes(type) && row.count > 0) counts[type] = (counts[type] ?? 0) + row.count;
      continue;
    }
    const detail = detailTypeName(row.type);
    if (detail && row.count > 0) details[detail] = (details[detail] ?? 0) + row.count;
    if (!counted && (CHANGE_TYPES as readonly string[]).includes(row.type) && row.count > 0) {
      counts[row.type as ChangeType] = (counts[row.type as ChangeType] ?? 0) + row.count;
    }
  }

  return { day, snapshots, total: Object.values(counts).reduce((sum, n) => sum + n, 0), counts, details };
}

/** One cell per UTC day of the last 365 days (zero-filled): its snapshots, its changes by type, and what moved inside them. */
export async function buildHeatGraph(storeId: string, now: Date, snapshotsByDay: ReadonlyMap<string, number>): Promise<HeatGraph> {
  const days = heatGraphDays(now);
  const rows = await getDb()
    .select({ day: storeDailyChanges.day, type: storeDailyChanges.type, count: storeDailyChanges.count })
    .from(storeDailyChanges)
    .where(and(eq(storeDailyChanges.storeId, storeId), gte(storeDailyChanges.day, days[0]!), lte(storeDailyChanges.day, days.at(-1)!)));
  const byDay = new Map<string, StoredRow[]>(days.map((day) => [day, []]));
  for (const row of rows) byDay.get(row.day)?.push(row);
  const cells = days.map((day) => cellOf(day, byDay.get(day)!, snapshotsByDay.get(day) ?? 0));
  const totals = Object.fromEntries(CHANGE_TYPES.map((type) => [type, 0])) as Record<ChangeType, number>;
  const detailTotals = Object.fromEntries(CHANGE_DETAIL_TYPES.map((type) => [type, 0])) as Record<ChangeDetailType, number>;
  for (const cell of cells) {
    for (const [type, n] of Object.entries(cell.counts)) totals[type as ChangeType] += n;
    for (const [type, n] of Object.entries(cell.details)) detailTotals[type as ChangeDetailType] += n;
  }
  const latest = cells.findLast((cell) => cell.snapshots > 0 || cell.total > 0 || Object.keys(cell.details).length > 0);

  return {
    from: days[0]!,
    to: days.at(-1)!,
    days: HEAT_GRAPH_DAYS,
    types: [...CHANGE_TYPES],
    detail_types: [...CHANGE_DETAIL_TYPES],
    max_total: Math.max(0, ...cells.map((cell) => cell.total)),
    totals,
    detail_totals: detailTotals,
    latest_day_with_data: latest?.day ?? null,
    first_day_with_data: firstDayWithData(cells),
    compact_from: compactFrom(cells),
    cells,
  };
}
