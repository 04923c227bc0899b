import { getEnv } from "@/lib/env";
import { serializeJob } from "@/lib/jobs/serialize-job";
import type { Product } from "@/lib/shopify-reader/schemas";
import { serializeStore } from "@/lib/store-directory/serialize-store";
import type { FoundReport } from "./find-report";
import { REPORT_PROVENANCE } from "./provenance";
import type { Report, ReportMetadata, ReportSummary } from "./schemas";

/**
 * The report of GET /api/reports/:id without its products, in two halves: the fields before
 * `products` and those after. The stored body is written as text between the two halves, so
 * the field order of every answer (full, stored, paged) comes from this one place.
 */
export function reportEnvelope({ job, report, store }: FoundReport): {
  before: Pick<Report, "job" | "store" | "summary" | "metadata">;
  after: Pick<Report, "collections" | "pages" | "provenance" | "links" | "generated_at">;
} {
  const base = getEnv().BASE_URL.replace(/\/$/, "");

  return {
    before: {
      job: serializeJob(job),
      store: serializeStore(store),
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
