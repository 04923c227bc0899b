import { and, asc, desc, eq, gt, gte, inArray, lte, max, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";

const completedOf = (storeId: string) => and(eq(jobs.storeId, storeId), eq(jobs.status, "completed"));

/**
 * A store's completed jobs, newest completion first: those named in `ids`, those completed in
 * [`since`, `until`], and at most `limit` of them, as given.
 */
export async function listCompletedJobs(
  storeId: string,
  options: { ids?: string[]; since?: Date; until?: Date; limit?: number } = {},
): Promise<Job[]> {
  const where: (SQL | undefined)[] = [completedOf(storeId)];
  if (options.ids) where.push(inArray(jobs.id, options.ids));
  if (options.since) where.push(gte(jobs.completedAt, options.since));
  if (options.until) where.push(lte(jobs.completedAt, options.until));
  const query = getDb()
    .select()
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.completedAt))
    .$dynamic();

  return options.limit === undefined ? query : query.limit(options.limit);
}

/**
 * A store's completed jobs since `since` as a subquery (id, completed_at, the products counted),
 * for a reader that asks more of each in the same query (analytics, catalog events: whether its snapshot is kept).
 */
export function completedJobsSince(storeId: string, since: Date) {
  return getDb()
    .select({
      id: jobs.id,
      completedAt: jobs.completedAt,
      products: sql<number | null>`(${jobs.counts} ->> 'products')::int`.as("products"),
    })
    .from(jobs)
    .where(and(completedOf(storeId), gte(jobs.completedAt, since)))
    .as("completed_jobs");
}

/**
 * When a store's analyses completed around a window (`since`, `now`]: the last completion at or
 * before `since`, every one inside it (oldest first), and how many completed by `now`.
 */
export async function listCompletionTimes(
  storeId: string,
  since: Date,
  now: Date,
): Promise<{ before: Date | null; within: Date[]; total: number }> {
  const completed = completedOf(storeId);
  const [[anchor], inWindow, [all]] = await Promise.all([
    getDb()
      .select({ at: max(jobs.completedAt) })
      .from(jobs)
      .where(and(completed, lte(jobs.completedAt, since))),
    getDb()
      .select({ at: jobs.completedAt })
      .from(jobs)
      .where(and(completed, gt(jobs.completedAt, since), lte(jobs.completedAt, now)))
      .orderBy(asc(jobs.completedAt)),
    getDb()
      .select({ total: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(completed, lte(jobs.completedAt, now))),
  ]);

  return {
    before: anchor?.at ?? null,
    within: inWindow.flatMap((row) => (row.at ? [row.at] : [])),
    total: all?.total ?? 0,
  };
}
