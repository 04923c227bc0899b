import { asc, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobs, payments, reports, stores, type Job, type Report, type Store } from "@/db/schema";
import { notFound } from "@/lib/api/errors";
import { loadSnapshotProducts } from "@/lib/analysis/snapshot-products";
import { REPORT_PROVENANCE } from "@/lib/analysis/report-content";
import { getEnv } from "@/lib/env";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { serializeStore } from "@/lib/stores/serialize-store";

type Found = { job: Job; report: Report; store: Store };

/** The newest report matching `where` (there is at most one per job). */
async function newestReport(where: SQL): Promise<Found | null> {
  const [row] = await getDb()
    .select({ job: jobs, report: reports, store: stores })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .innerJoin(stores, eq(stores.id, reports.storeId))
    .where(where)
    .orderBy(desc(jobs.completedAt), asc(jobs.id))
    .limit(1);

  return row ?? null;
}

const byJobId = (jobId: string) => newestReport(eq(reports.jobId, jobId));
const bySlug = (slug: string) => newestReport(eq(stores.slug, slug));

async function byPaymentId(checkoutSessionId: string): Promise<Found | null> {
  const [payment] = await getDb()
    .select({ jobId: payments.jobId })
    .from(payments)
    .where(eq(payments.stripeCheckoutSessionId, checkoutSessionId))
    .limit(1);

  return payment?.jobId ? byJobId(payment.jobId) : null;
}

/** A report by job id, payment-processor (Stripe Checkout Session) id, or store slug (latest). */
export async function findReport(id: string): Promise<Found | null> {
  if (z.uuid().safeParse(id).success) return byJobId(id);
  if (id.startsWith("cs_")) return byPaymentId(id);

  return bySlug(id);
}

export async function getReportOrThrow(id: string) {
  const found = await findReport(id);
  if (!found) throw notFound(`Report ${id}`);
  const { job, report, store } = found;
  const products = await loadSnapshotProducts(job.id);
  const base = getEnv().BASE_URL.replace(/\/$/, "");

  return {
    job: serializeJob(job),
    store: serializeStore(store),
    summary: report.summary,
    metadata: report.metadata,
    products,
    collections: report.collections,
    pages: report.pages,
    provenance: REPORT_PROVENANCE,
    links: {
      pagespeed: `${base}/api/pagespeed/${job.id}`,
      changelog: `${base}/api/changelog/${job.id}`,
      store: `${base}/api/stores/${store.slug}`,
    },
    generated_at: report.createdAt.toISOString(),
  };
}
