import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { stores, technologyEvents } from "@/db/schema";
import type { AppHistoryWeek } from "./schemas";

/** Weeks of installs and removals an app page shows, newest first. */
const EVENTS_SHOWN = 500;

/** The Monday (UTC) of a moment's week, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));

  return monday.toISOString().slice(0, 10);
}

/** The stores that installed or removed an app, by the week an analysis saw it, newest week first. */
export async function listAppHistory(appSlug: string): Promise<AppHistoryWeek[]> {
  const rows = await getDb()
    .select({ kind: technologyEvents.kind, at: technologyEvents.at, slug: stores.slug, name: stores.name, domain: stores.domain })
    .from(technologyEvents)
    .innerJoin(stores, eq(stores.id, technologyEvents.storeId))
    .where(
      and(
        eq(technologyEvents.technology, "app"),
        eq(technologyEvents.key, appSlug),
        inArray(technologyEvents.kind, ["app_installed", "app_removed"]),
      ),
    )
    .orderBy(desc(technologyEvents.at))
    .limit(EVENTS_SHOWN);
  const weeks = new Map<string, AppHistoryWeek>();
  for (const row of rows) {
    const week = weekOf(row.at);
    const entry = weeks.get(week) ?? { week, installed: [], removed: [] };
    const store = { slug: row.slug, name: row.name ?? row.domain, at: row.at.toISOString() };
    (row.kind === "app_installed" ? entry.installed : entry.removed).push(store);
    weeks.set(week, entry);
  }

  return [...weeks.values()];
}
