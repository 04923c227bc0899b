import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { renderScreenshots } from "@/db/schema";

/** The sizes a job's render kept a screenshot of (GET /api/reports/:id/screenshots/:size). */
export async function listScreenshotSizes(jobId: string): Promise<Set<"desktop" | "phone">> {
  const rows = await getDb().select({ size: renderScreenshots.size }).from(renderScreenshots).where(eq(renderScreenshots.jobId, jobId));

  return new Set(rows.map((row) => row.size));
}

/** A job's desktop screenshot as a data URL, for the store's Open Graph card; null when it has none. */
export async function findDesktopScreenshot(jobId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ bytes: renderScreenshots.bytes, contentType: renderScreenshots.contentType })
    .from(renderScreenshots)
    .where(and(eq(renderScreenshots.jobId, jobId), eq(renderScreenshots.size, "desktop")))
    .limit(1);

  return row ? `data:${row.contentType};base64,${row.bytes.toString("base64")}` : null;
}
