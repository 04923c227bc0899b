import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { renderScreenshots } from "@/db/schema";
import { SCREENSHOT_VIEWPORTS, type ScreenshotSize } from "./schemas";

/**
 * Stores a job's screenshots (JPEG), replacing those of an earlier attempt of its render step. The
 * caller counts their bytes in the job's storage budget in the same transaction; once the job has
 * completed the database refuses any change (migration 0025).
 */
export async function recordScreenshots(tx: DbOrTx, jobId: string, screenshots: Record<ScreenshotSize, Buffer>): Promise<void> {
  const rows = (Object.keys(screenshots) as ScreenshotSize[]).map((size) => ({
    jobId,
    size,
    contentType: "image/jpeg",
    ...SCREENSHOT_VIEWPORTS[size],
    bytes: screenshots[size],
  }));
  await tx
    .insert(renderScreenshots)
    .values(rows)
    .onConflictDoUpdate({
      target: [renderScreenshots.jobId, renderScreenshots.size],
      set: { bytes: sql`excluded.bytes`, contentType: sql`excluded.content_type`, createdAt: new Date() },
    });
}

/** A purged report's screenshots go with it (purge-report.ts, inside its transaction). */
export async function deleteJobScreenshots(tx: DbOrTx, jobId: string): Promise<void> {
  await tx.delete(renderScreenshots).where(eq(renderScreenshots.jobId, jobId));
}

/** The screenshots of failed jobs, which no report shows (snapshot cleanup, a day after the failure). */
export async function deleteScreenshotsOfJobs(db: DbOrTx, jobIds: string[]): Promise<void> {
  await db.delete(renderScreenshots).where(inArray(renderScreenshots.jobId, jobIds));
}
