import { and, desc, eq, lt } from "drizzle-orm";
import { getDb } from "@/db";
import { blogPosts } from "@/db/schema";
import { siteUrl } from "@/lib/site-url";
import { computeWeeklyStats, MIN_STORES_ANALYZED, weekBefore, type WeeklyStats } from "./weekly-stats";
import { writeWeeklyPost } from "./write-weekly-post";

export const WEEKLY_POST_KIND = "weekly-digest";

export type WeeklyPostOutcome =
  | { status: "published"; slug: string }
  | { status: "exists"; slug: string }
  | { status: "too_little_data"; slug: string; stores_analyzed: number };

/** The app counts of the last weekly post before this one: the baseline of "since last week". */
async function previousAppCounts(before: Date): Promise<Record<string, number> | null> {
  const [previous] = await getDb()
    .select({ data: blogPosts.data })
    .from(blogPosts)
    .where(and(eq(blogPosts.kind, WEEKLY_POST_KIND), lt(blogPosts.publishedAt, before)))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(1);
  const apps = (previous?.data as WeeklyStats | undefined)?.top_apps;

  return apps ? Object.fromEntries(apps.map((app) => [app.slug, app.stores])) : null;
}

/**
 * Writes the weekly data post about the last full week before `tick`. One post per week
 * however often this runs (its slug names the week, and the insert does nothing on a second
 * write); nothing at all when fewer than MIN_STORES_ANALYZED stores were analyzed that week.
 */
export async function publishWeeklyPost(tick: Date): Promise<WeeklyPostOutcome> {
  const window = weekBefore(tick);
  const slug = `directory-weekly-${window.key}`;
  const [existing] = await getDb().select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (existing) return { status: "exists", slug };

  const stats = await computeWeeklyStats(window, await previousAppCounts(window.end));
  if (stats.stores_analyzed < MIN_STORES_ANALYZED) return { status: "too_little_data", slug, stores_analyzed: stats.stores_analyzed };

  const post = writeWeeklyPost(window, stats, siteUrl());
  const inserted = await getDb()
    .insert(blogPosts)
    .values({ slug, ...post, kind: WEEKLY_POST_KIND, data: stats, publishedAt: window.end })
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ slug: blogPosts.slug });

  return inserted.length > 0 ? { status: "published", slug } : { status: "exists", slug };
}
