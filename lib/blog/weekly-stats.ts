import { and, desc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { apps, changelogEntries, storeApps, stores } from "@/db/schema";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";

/** Below this many stores analyzed in the week, a post would say nothing true: none is written. */
export const MIN_STORES_ANALYZED = 3;
const DAY_MS = 24 * 3600_000;

export type WeekWindow = { start: Date; end: Date; key: string };

/**
 * The week a tick writes about: the last full ISO week (Monday 00:00 UTC to Monday 00:00 UTC)
 * before the tick. Every tick within one week names the same window, hence one post per week.
 */
export function weekBefore(tick: Date): WeekWindow {
  const midnight = Date.UTC(tick.getUTCFullYear(), tick.getUTCMonth(), tick.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const end = new Date(midnight - sinceMonday * DAY_MS);
  const start = new Date(end.getTime() - 7 * DAY_MS);

  return { start, end, key: start.toISOString().slice(0, 10) };
}

export type WeeklyStats = {
  week: { start: string; end: string };
  stores_analyzed: number;
  directory_size: number;
  new_stores: { count: number; top: { slug: string; name: string; product_count: number }[] };
  top_apps: { slug: string; name: string; stores: number; change: number | null }[];
  theme_share: { theme: string; stores: number; share: number }[];
  catalog_movers: { slug: string; name: string; added: number; removed: number; net: number }[];
};

/**
 * The figures of the weekly post, read from our own directory. `previousAppCounts` are the
 * app counts of the previous weekly post (its movement baseline), when there was one.
 */
export async function computeWeeklyStats(window: WeekWindow, previousAppCounts: Record<string, number> | null): Promise<WeeklyStats> {
  const db = getDb();
  const { start, end } = window;
  const analyzed = and(isNotNull(stores.latestJobId), lt(stores.firstAnalyzedAt, end));

  const [[activity], [size], [newCount], newTop, appRows, themeRows, moverRows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(and(isNotNull(stores.latestJobId), gte(stores.lastAnalyzedAt, start), lt(stores.lastAnalyzedAt, end))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(analyzed),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(and(isNotNull(stores.latestJobId), gte(stores.firstAnalyzedAt, start), lt(stores.firstAnalyzedAt, end))),
    db
      .select({
        slug: stores.slug,
        name: sql<string>`coalesce(${stores.name}, ${stores.domain})`,
        productCount: sql<number>`coalesce(${stores.productCount}, 0)::int`,
      })
      .from(stores)
      .where(and(isNotNull(stores.latestJobId), gte(stores.firstAnalyzedAt, start), lt(stores.firstAnalyzedAt, end)))
      .orderBy(desc(stores.productCount), stores.slug)
      .limit(10),
    db
      .select({ slug: apps.slug, name: apps.name, stores: sql<number>`count(*)::int` })
      .from(storeApps)
      .innerJoin(apps, eq(apps.slug, storeApps.appSlug))
      .innerJoin(stores, eq(stores.id, storeApps.storeId))
      .where(analyzed)
      .groupBy(apps.slug, apps.name)
      .orderBy(desc(sql`count(*)`), apps.slug)
      .limit(10),
    db
      .select({ theme: sql<string>`${stores.themeName}`, stores: sql<number>`count(*)::int` })
      .from(stores)
      .where(and(analyzed, isNotNull(stores.themeName)))
      .groupBy(stores.themeName)
      .orderBy(desc(sql`count(*)`), stores.themeName)
      .limit(8),
    db
      .select({
        slug: stores.slug,
        name: sql<string>`coalesce(${stores.name}, ${stores.domain})`,
        added: sql<number>`(count(*) filter (where ${changelogEntries.change} = 'added'))::int`,
        removed: sql<number>`(count(*) filter (where ${changelogEntries.change} = 'removed'))::int`,
      })
      .from(changelogEntries)
      .innerJoin(stores, eq(stores.id, changelogEntries.storeId))
      .where(
        and(
          eq(changelogEntries.subject, "product"),
          gte(changelogEntries.createdAt, start),
          lt(changelogEntries.createdAt, end),
          fromCompletedJob(changelogEntries.jobId),
        ),
      )
      .groupBy(stores.slug, stores.name, stores.domain)
      .orderBy(desc(sql`count(*)`), stores.slug)
      .limit(5),
  ]);
  const themed = themeRows.reduce((n, row) => n + row.stores, 0);
  const [themedTotal] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(analyzed, isNotNull(stores.themeName)));

  return {
    week: { start: start.toISOString(), end: end.toISOString() },
    stores_analyzed: activity?.n ?? 0,
    directory_size: size?.n ?? 0,
    new_stores: { count: newCount?.n ?? 0, top: newTop.map((s) => ({ slug: s.slug, name: s.name, product_count: s.productCount })) },
    top_apps: appRows.map((app) => ({
      ...app,
      change: previousAppCounts ? app.stores - (previousAppCounts[app.slug] ?? 0) : null,
    })),
    theme_share: themeRows.map((row) => ({ ...row, share: Math.round((row.stores / Math.max(1, themedTotal?.n ?? themed)) * 1000) / 10 })),
    catalog_movers: moverRows.map((row) => ({ ...row, net: row.added - row.removed })),
  };
}
