import { asc, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobs, payments, purgedReports, reportBodies, reports, stores, type Job, type Report, type Store } from "@/db/schema";
import { ApiError, notFound } from "@/lib/http/errors";
import { isCheckoutSessionId } from "@/lib/billing/stripe/find-checkout-order";

export type FoundReport = { job: Job; report: Report; store: Store };
/** Which report an id names, and the ETag of its stored body when it has one. */
export type LocatedReport = { jobId: string; etag: string | null };

/** The newest report matching `where` (there is at most one per job). */
async function newestReport(where: SQL): Promise<FoundReport | null> {
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

/** Like newestReport, but reads two short columns: the path every cached read takes. */
async function newestLocated(where: SQL): Promise<LocatedReport | null> {
  const [row] = await getDb()
    .select({ jobId: reports.jobId, etag: reportBodies.etag })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .innerJoin(stores, eq(stores.id, reports.storeId))
    .leftJoin(reportBodies, eq(reportBodies.jobId, reports.jobId))
    .where(where)
    .orderBy(desc(jobs.completedAt), asc(jobs.id))
    .limit(1);

  return row ?? null;
}

async function paymentJobId(checkoutSessionId: string): Promise<string | null> {
  const [payment] = await getDb()
    .select({ jobId: payments.jobId })
    .from(payments)
    .where(eq(payments.stripeCheckoutSessionId, checkoutSessionId))
    .limit(1);

  return payment?.jobId ?? null;
}

/** Job id, payment-processor (Stripe Checkout Session) id, or store slug (latest), as the contract accepts. */
async function lookUp<T>(id: string, find: (where: SQL) => Promise<T | null>): Promise<T | null> {
  if (z.uuid().safeParse(id).success) return find(eq(reports.jobId, id));
  if (isCheckoutSessionId(id)) {
    const jobId = await paymentJobId(id);

    return jobId ? find(eq(reports.jobId, jobId)) : null;
  }

  return find(eq(stores.slug, id));
}

export const findReportRecord = (id: string) => lookUp(id, newestReport);

/** 410 Gone when an operator purged this job's report (scripts/purge-report.ts). */
export async function throwIfPurged(jobId: string): Promise<void> {
  const [purged] = await getDb().select({ at: purgedReports.purgedAt }).from(purgedReports).where(eq(purgedReports.jobId, jobId)).limit(1);
  if (purged) throw new ApiError("gone", `Report ${jobId} was purged`, { extra: { purged_at: purged.at.toISOString() } });
}

/** The error for an id naming no report: 410 Gone for a purged report, else 404. */
async function missingReport(id: string): Promise<ApiError> {
  if (z.uuid().safeParse(id).success) await throwIfPurged(id);

  return notFound(`Report ${id}`);
}

export async function getReportRecord(id: string): Promise<FoundReport> {
  const found = await findReportRecord(id);
  if (!found) throw await missingReport(id);

  return found;
}

/**
 * Where ids with a stored body pointed in the last second: a popular report is looked up once
 * a second, not once per request. A slug moving to a newer report, or a purged
 * report, shows within that second (other instances see it within theirs, as with any cache).
 */
const LOCATION_TTL_MS = 1000;
const MAX_LOCATIONS = 10_000;
const recentLocations = new Map<string, { at: number; located: LocatedReport }>();

export async function getReportLocation(id: string, now = Date.now()): Promise<LocatedReport> {
  const hit = recentLocations.get(id);
  if (hit && now - hit.at < LOCATION_TTL_MS) return hit.located;
  const located = await lookUp(id, newestLocated);
  if (!located) throw await missingReport(id);
  if (located.etag !== null) {
    if (recentLocations.size >= MAX_LOCATIONS) recentLocations.clear();
    recentLocations.set(id, { at: now, located });
  }

  return located;
}

/** Forget remembered locations (after dropping stored bodies in this process; tests). */
export function forgetReportLocations(): void {
  recentLocations.clear();
}
