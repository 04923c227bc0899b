import { getEnv } from "@/lib/env";
import { serializeJob } from "@/lib/jobs/serialize-job";
import type { Product } from "@/lib/shopify/schemas";
import { serializeStore } from "@/lib/stores/serialize-store";
import type { FoundReport } from "./find-report";
import { REPORT_PROVENANCE } from "./provenance";

/**
 * The report of GET /api/reports/:id without its products, in two halves: the fields before
 * `products` and those after. The stored body is written as text between the two halves, so
 * the field order of every answer (full, stored, paged) comes from this one place.
 */
export function reportEnvelope({ job, report, store }: FoundReport) {
  const base = getEnv().BASE_URL.replace(/\/$/, "");

  return {
    before: {
      job: serializeJob(job),
      store: serializeStore(store),
      summary: report.summary,
      metadata: report.metadata,
    },
    after: {
      collections: report.collections,
      pages: report.pages,
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

export function assembleReport<E extends Record<string, unknown>>(found: FoundReport, products: Product[], extra?: E) {
  const { before, after } = reportEnvelope(found);

  return { ...before, products, ...(extra ?? ({} as E)), ...after };
}
