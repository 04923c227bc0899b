import { stringify } from "csv-stringify/sync";
import { inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import { neutralizeFormula } from "@/lib/export/spreadsheet-formula";
import { readFindings } from "@/lib/findings";
import { listBatchJobs } from "@/lib/jobs/batch-jobs";
import { jobUrls } from "@/lib/jobs/job-urls";
import { yieldWhenBusy } from "@/lib/loop-share";
import { findReadableBatch } from "./get-batch";
import type { BatchExportRow } from "./schemas";

const PAGE = 200;
const COLUMNS = ["job_id", "domain", "status", "error_code", "report_url", "theme", "apps"] as const;

/** A batch's results, one row per job: its state, its report, and the theme and apps the report found. */
export async function batchExportRows(viewerId: string | null, batchId: string): Promise<BatchExportRow[]> {
  const batch = await findReadableBatch(viewerId, batchId);
  const rows: BatchExportRow[] = [];
  for (let offset = 0; offset < batch.total; offset += PAGE) {
    const page = await listBatchJobs(batch.id, { limit: PAGE, offset });
    if (page.length === 0) break;
    const done = page.filter((job) => job.status === "completed").map((job) => job.id);
    const metadata = new Map(
      done.length === 0
        ? []
        : (
            await getDb().select({ jobId: reports.jobId, metadata: reports.metadata }).from(reports).where(inArray(reports.jobId, done))
          ).map((row) => [row.jobId, row.metadata] as const),
    );
    for (const job of page) {
      const findings = readFindings(metadata.get(job.id));
      const theme = findings.theme?.value ?? null;
      rows.push({
        job_id: job.id,
        domain: job.domain,
        status: job.status,
        error_code: job.status === "failed" ? job.errorCode : null,
        report_url: jobUrls(job.id).report_url,
        theme: theme ? (theme.schemaName ?? theme.name ?? null) : null,
        apps: (findings.apps?.value ?? []).map((app) => app.name),
      });
    }
    await yieldWhenBusy();
  }

  return rows;
}

/** GET /api/batches/:id/export: the rows as CSV (formula-safe: a theme or app name is store text) or JSON. */
export async function exportBatch(viewerId: string | null, batchId: string, format: "csv" | "json"): Promise<Response> {
  const rows = await batchExportRows(viewerId, batchId);
  const body =
    format === "json"
      ? JSON.stringify({ batch_id: batchId, rows })
      : stringify(
          rows.map((row) => ({ ...row, apps: row.apps.join("; ") })),
          { header: true, columns: [...COLUMNS], cast: { string: neutralizeFormula } },
        );

  return new Response(body, {
    headers: {
      "content-type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="batch-${batchId}.${format}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
