import { and, asc, desc, eq, gte, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, storeApps, stores, technologyEvents } from "@/db/schema";
import { weekOf } from "@/lib/history/app-history";
import { serializeStore } from "@/lib/store-directory/serialize-store";
import { currentTime } from "@/lib/time-of-record";
import { MARKET_TOP, MARKET_WEEKS, type MarketReport } from "./schemas";

const DAY_MS = 86_400_000;
const storeCount = sql<number>`count(*)::int`;
const listed = isNotNull(stores.latestJobId);

/** A country code's English name, the code when it names none. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

/** The Mondays of the last MARKET_WEEKS weeks, oldest first, and the first moment they cover. */
export function marketWeeks(now = currentTime()): { weeks: string[]; since: Date } {
  const current = new Date(`${weekOf(now)}T00:00:00.000Z`);
  const weeks = Array.from({ length: MARKET_WEEKS }, (_, i) =>
    new Date(current.getTime() - (MARKET_WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );

  return { weeks, since: new Date(`${weeks[0]}T00:00:00.000Z`) };
}

/** Counts of dated adoptions and drops, by week, every week of the window present. */
export function countByWeek(
  weeks: string[],
  events: { at: Date; adopted: boolean }[],
): { weeks: MarketReport["weeks"]; installed: number; removed: number } {
  const byWeek = new Map(weeks.map((week) => [week, { week, installed: 0, removed: 0 }]));
  let installed = 0;
  let removed = 0;
  for (const event of events) {
    const entry = byWeek.get(weekOf(event.at));
    if (!entry) continue;
    if (event.adopted) {
      entry.installed += 1;
      installed += 1;
    } else {
      entry.removed += 1;
      removed += 1;
    }
  }

  return { weeks: [...byWeek.values()], installed, removed };
}

/**
 * What every market report counts over the stores `running` names (a subquery of store ids):
 * how many, the apps they run (but `exceptApp`), their countries and themes, the latest of them.
 */
export async function storesFigures(running: SQL, options: { exceptApp?: string; withThemes: boolean; withRecent: boolean }) {
  const db = getDb();
  const inSegment = and(listed, sql`${stores.id} in (${running})`);
  const [[now], coInstalls, countries, themes, recent] = await Promise.all([
    db.select({ n: storeCount }).from(stores).where(inSegment),
    db
      .select({ slug: apps.slug, name: apps.name, category: apps.category, stores: storeCount })
      .from(storeApps)
      .innerJoin(stores, eq(stores.id, storeApps.storeId))
      .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
      .where(and(inSegment, options.exceptApp ? ne(storeApps.appSlug, options.exceptApp) : undefined))
      .groupBy(apps.slug, apps.name, apps.category)
      .orderBy(desc(storeCount), asc(apps.slug))
      .limit(MARKET_TOP),
    db
      .select({ value: sql<string>`${stores.country}`, stores: storeCount })
      .from(stores)
      .where(and(inSegment, isNotNull(stores.country)))
      .groupBy(stores.country)
      .orderBy(desc(storeCount), asc(stores.country))
      .limit(MARKET_TOP),
    options.withThemes
      ? db
          .select({ value: sql<string>`${stores.themeSlug}`, label: sql<string>`min(${stores.themeName})`, stores: storeCount })
          .from(stores)
          .where(and(inSegment, isNotNull(stores.themeSlug)))
          .groupBy(stores.themeSlug)
          .orderBy(desc(storeCount), asc(stores.themeSlug))
          .limit(MARKET_TOP)
      : Promise.resolve([]),
    options.withRecent
      ? db.select().from(stores).where(inSegment).orderBy(desc(stores.lastAnalyzedAt), asc(stores.slug)).limit(50)
      : Promise.resolve([]),
  ]);
  const total = now?.n ?? 0;

  return {
    stores_now: total,
    co_installs: coInstalls.map((row) => ({ ...row, share: shareOf(row.stores, total) })),
    countries: countries.map((row) => ({ ...row, label: countryName(row.value), share: shareOf(row.stores, total) })),
    themes: themes.map((row) => ({ ...row, share: shareOf(row.stores, total) })),
    recent_stores: recent.map(serializeStore),
  };
}

/** An app's market: its stores, installs and removals by week, co-installs, share of its category, countries and themes. */
export async function getAppMarket(
  app: { slug: string; category: string },
  options: { withRecent: boolean } = { withRecent: true },
): Promise<MarketReport> {
  const db = getDb();
  const { weeks, since } = marketWeeks();
  const running = sql`select ${storeApps.storeId} from ${storeApps} where ${storeApps.appSlug} = ${app.slug}`;
  const [figures, events, [category]] = await Promise.all([
    storesFigures(running, { exceptApp: app.slug, withThemes: true, withRecent: options.withRecent }),
    // The (technology, key, at) index: this app's events of the window only.
    db
      .select({ at: technologyEvents.at, kind: technologyEvents.kind })
      .from(technologyEvents)
      .innerJoin(stores, eq(stores.id, technologyEvents.storeId))
      .where(
        and(
          eq(technologyEvents.technology, "app"),
          eq(technologyEvents.key, app.slug),
          gte(technologyEvents.at, since),
          inArray(technologyEvents.kind, ["app_installed", "app_removed"]),
          listed,
        ),
      ),
    db
      .select({ n: sql<number>`count(distinct ${storeApps.storeId})::int` })
      .from(storeApps)
      .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
      .innerJoin(stores, eq(stores.id, storeApps.storeId))
      .where(and(eq(apps.category, app.category), listed)),
  ]);
  const counted = countByWeek(
    weeks,
    events.map((event) => ({ at: event.at, adopted: event.kind === "app_installed" })),
  );
  const inCategory = category?.n ?? 0;

  return {
    stores_now: figures.stores_now,
    weeks: counted.weeks,
    installed_recently: counted.installed,
    removed_recently: counted.removed,
    share: {
      of: `stores running an app of its category (${app.category})`,
      stores: inCategory,
      share: shareOf(figures.stores_now, inCategory),
    },
    co_installs: figures.co_installs,
    countries: figures.countries,
    themes: figures.themes,
    recent_stores: figures.recent_stores,
  };
}
