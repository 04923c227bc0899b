import { and, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { stores, technologyEvents } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { countByWeek, marketWeeks, storesFigures } from "./market-report";
import type { ThemeReport } from "./schemas";

/** A theme name's slug, the rule of the generated column stores.theme_slug ("Dawn 15.0.0" → "dawn-15-0-0"). */
const slugOf = (text: SQL) => sql`nullif(trim(both '-' from regexp_replace(lower(${text}), '[^a-z0-9]+', '-', 'g')), '')`;

/**
 * A theme's market: its stores now, the stores that switched to it or away from it by week
 * (theme_changed events of the timeline: the event's label is the new theme, `before` the old one
 * with its version), the apps its stores run, its share of the stores whose theme is known, and
 * its stores' countries. A version upgrade within the theme is neither.
 */
export async function getThemeReport(slug: string): Promise<ThemeReport> {
  const db = getDb();
  const [named] = await db
    .select({ name: sql<string>`min(${stores.themeName})`, n: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(eq(stores.themeSlug, slug), isNotNull(stores.latestJobId)));
  if (!named || named.n === 0) throw notFound(`Theme ${slug}`);

  const { weeks, since } = marketWeeks();
  const running = sql`select ${stores.id} from ${stores} where ${stores.themeSlug} = ${slug}`;
  // The old theme's label is its name and version: the same theme when its slug is this one, or this one and a version.
  const wasThis = sql`(${slugOf(sql`${technologyEvents.before}`)} = ${slug} or ${slugOf(sql`${technologyEvents.before}`)} ~ ${`^${slug}-[0-9]`})`;
  const isThis = sql`${slugOf(sql`${technologyEvents.label}`)} = ${slug}`;
  const [figures, events, [known]] = await Promise.all([
    storesFigures(running, { withThemes: false, withRecent: true }),
    db
      .select({ at: technologyEvents.at, adopted: sql<boolean>`${isThis}` })
      .from(technologyEvents)
      .innerJoin(stores, eq(stores.id, technologyEvents.storeId))
      .where(
        and(
          eq(technologyEvents.technology, "theme"),
          eq(technologyEvents.key, "theme"),
          gte(technologyEvents.at, since),
          isNotNull(stores.latestJobId),
          sql`(${isThis}) <> (${wasThis})`,
        ),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stores)
      .where(and(isNotNull(stores.latestJobId), isNotNull(stores.themeSlug))),
  ]);
  const counted = countByWeek(weeks, events);
  const withTheme = known?.n ?? 0;

  return {
    slug,
    name: named.name,
    stores_now: figures.stores_now,
    weeks: counted.weeks,
    installed_recently: counted.installed,
    removed_recently: counted.removed,
    share: {
      of: "stores whose theme is known",
      stores: withTheme,
      share: withTheme > 0 ? Math.round((figures.stores_now / withTheme) * 1000) / 1000 : 0,
    },
    co_installs: figures.co_installs,
    countries: figures.countries,
    themes: [],
    recent_stores: figures.recent_stores,
  };
}
