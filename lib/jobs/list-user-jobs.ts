import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs } from "@/db/schema";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { serializeJob } from "./serialize-job";

export type ListUserJobsOptions = PaginationQuery & { userId: string };

/** The user's own jobs, newest first, in the API's paginated shape (docs/decisions.md §7). */
export async function listUserJobs({ userId, ...page }: ListUserJobsOptions) {
  const where = eq(jobs.userId, userId);
  const [rows, [count]] = await Promise.all([
    // The id breaks ties so pages never overlap when two jobs share a timestamp.
    getDb().select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(page.per_page).offset(offsetOf(page)),
    getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(where),
  ]);

  return paginated(
    rows.map((job) => serializeJob(job)),
    page,
    count?.n ?? 0,
  );
}
