import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { renderScreenshots, reports } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { ScreenshotSize } from "@/lib/render/schemas";
import { throwIfPurged } from "./find-report";

/** A completed report's screenshot never changes: cached for a year by anyone, never revalidated. */
export const SCREENSHOT_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * GET /api/reports/:id/screenshots/:size: one screenshot of a completed report's render, by job id
 * only (a slug would point at another report tomorrow, and these answers are cached for good).
 * 404 for a report without one (not rendered, or not completed), 410 once purged.
 */
export async function getReportScreenshotResponse(id: string, size: ScreenshotSize): Promise<Response> {
  if (!z.uuid().safeParse(id).success) throw notFound(`Screenshot ${size} of report ${id}`);
  const [row] = await getDb()
    .select({ bytes: renderScreenshots.bytes, contentType: renderScreenshots.contentType })
    .from(renderScreenshots)
    .innerJoin(reports, eq(reports.jobId, renderScreenshots.jobId))
    .where(and(eq(renderScreenshots.jobId, id), eq(renderScreenshots.size, size)))
    .limit(1);
  if (!row) {
    await throwIfPurged(id);
    throw notFound(`Screenshot ${size} of report ${id}`);
  }

  return new Response(row.bytes as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": row.contentType, "content-length": String(row.bytes.length), "cache-control": SCREENSHOT_CACHE_CONTROL },
  });
}
