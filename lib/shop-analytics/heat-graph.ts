import { and, eq, gte, lte } from "drizzle-orm";
import { getDb } from "@/db";
import { storeDailyChanges } from "@/db/schema";
import { CHANGE_TYPES, utcDay, type ChangeType } from "./change-types";
import type { HeatGraph } from "./schemas";

/** The contract's heat graph span. */
export const HEAT_GRAPH_DAYS = 365;

export type HeatCell = { day: string; total: number; counts: Partial<Record<ChangeType, number>> };

/** The UTC days of the heat graph ending on `now`'s day, oldest first. */
export function heatGraphDays(now: Date, days = HEAT_GRAPH_DAYS): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  return Array.from({ length: days }, (_, i) => utcDay(new Date(end - (days - 1 - i) * 86_400_000)));
}

/** One cell per UTC day of the last 365 days (zero-filled), with counts by change type. */
export async function buildHeatGraph(storeId: string, now: Date): Promise<HeatGraph> {
  const days = heatGraphDays(now);
  const rows = await getDb()
    .select({ day: storeDailyChanges.day, type: storeDailyChanges.type, count: storeDailyChanges.count })
    .from(storeDailyChanges)
    .where(and(eq(storeDailyChanges.storeId, storeId), gte(storeDailyChanges.day, days[0]!), lte(storeDailyChanges.day, days.at(-1)!)));
  const cells = new Map<string, HeatCell>(days.map((day) => [day, { day, total: 0, counts: {} }]));
  const totals = Object.fromEntries(CHANGE_TYPES.map((type) => [type, 0])) as Record<ChangeType, number>;
  for (const row of rows) {
    const cell = cells.get(row.day);
    if (!cell) continue;
    const type = row.type as ChangeType;
    cell.counts[type] = (cell.counts[type] ?? 0) + row.count;
    cell.total += row.count;
    if (type in totals) totals[type] += row.count;
  }
  const list = [...cells.values()];

  return {
    from: days[0]!,
    to: days.at(-1)!,
    days: HEAT_GRAPH_DAYS,
    types: [...CHANGE_TYPES],
    max_total: Math.max(0, ...list.map((cell) => cell.total)),
    totals,
    cells: list,
  };
}
