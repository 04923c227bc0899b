import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { renderScreenshots, reports } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { ScreenshotSize } from "@/lib/render/schemas";
import { throwIfPurged } from "./find-report";
import { matchesEtag } from "./negotiate";
import { REPORT_BY_JOB_CACHE_CONTROL } from "./report-cache-control";

/** Cached a few minutes, then revalidated: a purged report's screenshots leave shared caches too. */
export const SCREENSHOT_CACHE_CONTROL = REPORT_BY_JOB_CACHE_CONTROL;

/**
 * A strong validator without reading the picture: a completed report's screenshot of a size is
 * one row the database refuses to change, so its job id and size name its bytes.
 */
const screenshotEtag = (jobId: string, size: ScreenshotSize) => `"screenshot-${jobId}-${size}"`;

const screenshotOf = (id: string, size: ScreenshotSize) => and(eq(renderScreenshots.jobId, id), eq(renderScreenshots.size, size));

/**
 * GET /api/reports/:id/screenshots/:size: one screenshot of a completed report's render, by job id
 * only (a slug would point at another report tomorrow). With an ETag; a revalidation whose
 * If-None-Match names it is a 304, answered without reading the picture. 404 for a report
 * without one (not rendered, or not completed), 410 once purged.
 */
export async function getReportScreenshotResponse(id: string, size: ScreenshotSize, req: Request): Promise<Response> {
  if (!z.uuid().safeParse(id).success) throw notFound(`Screenshot ${size} of report ${id}`);
  const etag = screenshotEtag(id, size);
  const headers = { etag, "cache-control": SCREENSHOT_CACHE_CONTROL };
  if (matchesEtag(req.headers.get("if-none-match"), etag)) {
    const [kept] = await getDb()
      .select({ jobId: renderScreenshots.jobId })
      .from(renderScreenshots)
      .innerJoin(reports, eq(reports.jobId, renderScreenshots.jobId))
      .where(screenshotOf(id, size))
      .limit(1);
    if (kept) return new Response(null, { status: 304, headers });
  }
  const [row] = await getDb()
    .select({ bytes: renderScreenshots.bytes, contentType: renderScreenshots.contentType })
    .from(renderScreenshots)
    .innerJoin(reports, eq(reports.jobId, renderScreenshots.jobId))
    .where(screenshotOf(id, size))
    .limit(1);
  if (!row) {
    await throwIfPurged(id);
    throw notFound(`Screenshot ${size} of report ${id}`);
  }

  return new Response(row.bytes as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": row.contentType, "content-length": String(row.bytes.length), ...headers },
  });
}
