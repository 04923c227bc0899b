import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { purgedReports, reportBodies, reportBodyParts, reports, stores } from "@/db/schema";
import { clearJobChangelog } from "@/lib/changelog/clear-job-changelog";
import { ApiError, notFound } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { deleteJobScreenshots } from "@/lib/render/record-screenshots";
import { deleteJobSnapshots } from "@/lib/snapshots/delete-job-snapshots";
import { announceAnswerChanges, reportTopic, storeTopic } from "@/lib/answer-changes/answer-events";
import { forgetReportLocations } from "./find-report";

/**
 * Deletes a completed report's content for good (legal request, data removed at the owner's
 * demand): its stored body, report row, snapshot rows, screenshots and changelog. The only way past the
 * database's refusal (migration 0013), for one named job in one transaction; the job id is
 * recorded, so the report answers 410 Gone afterwards instead of a different body. The job
 * itself stays: its status is still what happened.
 */
export async function purgeReport(jobId: string, reason: string): Promise<{ job_id: string; purged_at: string }> {
  if (!z.uuid().safeParse(jobId).success) throw notFound(`Report ${jobId}`);
  if (reason.trim() === "") throw new ApiError("invalid_request", "A purge needs a reason (it is recorded)");
  const purged = await getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('storelens.purge_report', ${jobId}, true)`);
    const [report] = await tx
      .select({ jobId: reports.jobId, latestJobId: stores.latestJobId, slug: stores.slug })
      .from(reports)
      .innerJoin(stores, eq(stores.id, reports.storeId))
      .where(eq(reports.jobId, jobId))
      .for("update", { of: reports });
    if (!report) throw notFound(`Report ${jobId}`);
    // The store page, its export and the next analysis's diff read the latest report.
    if (report.latestJobId === jobId) {
      throw new ApiError("conflict", `Report ${jobId} is its store's latest; analyze the store again before purging it`);
    }
    const [row] = await tx.insert(purgedReports).values({ jobId, reason: reason.trim() }).returning({ at: purgedReports.purgedAt });
    await tx.delete(reportBodyParts).where(eq(reportBodyParts.jobId, jobId));
    await tx.delete(reportBodies).where(eq(reportBodies.jobId, jobId));
    await clearJobChangelog(tx, jobId);
    await deleteJobSnapshots(tx, [jobId]);
    await deleteJobScreenshots(tx, jobId);
    await tx.delete(reports).where(eq(reports.jobId, jobId));
    // Its page and JSON kept in memory (any process) answer 410 from the commit on; the store page links it no more.
    await announceAnswerChanges(tx, [reportTopic(jobId), storeTopic(report.slug)]);

    return row!.at;
  });
  forgetReportLocations();
  logger.warn("report purged", { job_id: jobId, reason: reason.trim(), purged_at: purged.toISOString() });

  return { job_id: jobId, purged_at: purged.toISOString() };
}
