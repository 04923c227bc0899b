import { serializeReportJob } from "@/lib/jobs/serialize-job";
import type { Product } from "@/lib/shopify-reader/schemas";
import type { FoundReport } from "./find-report";
import { REPORT_PROVENANCE } from "./provenance";
import { reportStoreView } from "./report-store-facts";
import type { Report, ReportMetadata, ReportSummary } from "./schemas";

/**
 * The report of GET /api/reports/:id without its products, in two halves: the fields before
 * `products` and those after. The stored body is written as text between the two halves, so
 * the field order of every answer (full, stored, paged) comes from this one place. What it says
 * about the store, and the site's address in its links, are what was recorded when the job
 * completed, never the store's current row: a body built long after completion, or built again,
 * has the bytes it had at completion (docs/decisions.md §5.2).
 */
export function reportEnvelope(found: FoundReport): {
  before: Pick<Report, "job" | "store" | "summary" | "metadata">;
  after: Pick<Report, "collections" | "pages" | "provenance" | "links" | "generated_at">;
} {
  const { job, report } = found;
  const { store, base } = reportStoreView(found);

  return {
    before: {
      job: serializeReportJob(job, base),
      store,
      // Written by build-report.ts with these types; read-api tests parse real answers with reportSchema.
      summary: report.summary as ReportSummary,
      metadata: report.metadata as ReportMetadata,
    },
    after: {
      collections: report.collections as Report["collections"],
      pages: report.pages as Report["pages"],
      provenance: REPORT_PROVENANCE,
      links: {
        pagespeed: `${base}/api/pagespeed/${job.id}`,
        changelog: `${base}/api/changelog/${job.id}`,
        store: `${base}/api/stores/${store.slug}`,
      },
      generated_at: report.createdAt.toISOString(),
    },
  };
}

export function assembleReport(found: FoundReport, products: Product[]): Report {
  const { before, after } = reportEnvelope(found);

  return { ...before, products, ...after };
}
