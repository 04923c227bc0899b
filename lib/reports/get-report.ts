import { asc, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobs, payments, reports, stores, type Job, type Report, type Store } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { loadSnapshotProducts } from "./snapshot-products";
import { REPORT_PROVENANCE } from "./provenance";
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

/** The report body of GET /api/reports/:id. */
async function reportBody({ job, report, store }: Found) {
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

async function findReportOrThrow(id: string): Promise<Found> {
  const found = await findReport(id);
  if (!found) throw notFound(`Report ${id}`);

  return found;
}

export async function getReportOrThrow(id: string) {
  return reportBody(await findReportOrThrow(id));
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;

  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");

    return tag === "*" || tag === etag;
  });
}

/**
 * GET /api/reports/:id over HTTP. A job's report never changes once written, so it carries
 * an ETag and is cacheable: by job id for good, by slug or payment id (which can come to
 * name a newer report) briefly. A revalidation answers 304 without reading a product.
 */
export async function getReportResponse(id: string, req: Request): Promise<Response> {
  const found = await findReportOrThrow(id);
  const etag = `"report-${found.job.id}"`;
  const headers = {
    etag,
    "cache-control": id === found.job.id ? "public, max-age=31536000, immutable" : "public, max-age=60",
  };
  if (matchesEtag(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  return Response.json(await reportBody(found), { headers });
}
