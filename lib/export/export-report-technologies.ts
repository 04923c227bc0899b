import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { StoreExport } from "./export-store-products";
import type { TechnologyExportOptions } from "./schemas";
import { onePage, streamTechnologyExport } from "./technology-export";

/** GET /api/reports/:id/export/technologies: the technology profile a completed report recorded. */
export async function exportReportTechnologies(jobId: string, options: TechnologyExportOptions): Promise<StoreExport> {
  const [report] = await getDb().select({ storeId: reports.storeId }).from(reports).where(eq(reports.jobId, jobId));
  if (!report) throw notFound(`Report ${jobId}`);

  return streamTechnologyExport(onePage([{ storeId: report.storeId, jobId }]), {
    ...options,
    filename: `report-${jobId.slice(0, 8)}-technologies`,
    source: `report: ${jobId}`,
  });
}
