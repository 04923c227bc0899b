import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { batches, type Batch } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { countBatchJobs, listBatchJobs } from "@/lib/jobs/batch-jobs";
import { jobUrls } from "@/lib/jobs/job-urls";
import { siteUrl } from "@/lib/site-url";
import type { BatchJob, BatchList, BatchSummary, BatchView } from "./schemas";

/**
 * A batch the caller may read, or 404: an account's batch by that account alone (another
 * account's answers as if it did not exist); a batch paid by x402 has no owner and is read by its
 * id by whoever holds it, as an x402 job is (GET /api/jobs/:id): the id is a random UUID, handed to the payer alone.
 */
export async function findReadableBatch(viewerId: string | null, batchId: string): Promise<Batch> {
  const readable = viewerId ? or(isNull(batches.userId), eq(batches.userId, viewerId)) : isNull(batches.userId);
  const [batch] = await getDb()
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), readable));
  if (!batch) throw notFound("Batch");

  return batch;
}

/** GET /api/batches/:id: the batch's counts by state and a page of its jobs, each with its state. */
export async function getBatch(viewerId: string | null, batchId: string, page: PaginationQuery): Promise<BatchView> {
  const batch = await findReadableBatch(viewerId, batchId);
  const [summary, rows] = await Promise.all([summarize(batch), listBatchJobs(batch.id, { limit: page.per_page, offset: offsetOf(page) })]);
  const jobs: BatchJob[] = rows.map((job) => {
    const urls = jobUrls(job.id);

    return {
      job_id: job.id,
      domain: job.domain,
      status: job.status,
      error_code: job.status === "failed" ? job.errorCode : null,
      report_url: urls.report_url,
      status_url: urls.status_url,
    };
  });

  return { ...summary, jobs: paginated(jobs, page, batch.total) };
}

/** GET /api/batches: the caller's batches, newest first, each with its counts. */
export async function listBatches(userId: string, page: PaginationQuery): Promise<BatchList> {
  const where = eq(batches.userId, userId);
  const [rows, [count]] = await Promise.all([
    getDb()
      .select()
      .from(batches)
      .where(where)
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(batches)
      .where(where),
  ]);

  return paginated(await Promise.all(rows.map(summarize)), page, count?.n ?? 0);
}

async function summarize(batch: Batch): Promise<BatchSummary> {
  const base = siteUrl();

  return {
    id: batch.id,
    status: batch.endedAt ? "completed" : "running",
    total: batch.total,
    counts: await countBatchJobs(batch.id),
    created_at: batch.createdAt.toISOString(),
    ended_at: batch.endedAt?.toISOString() ?? null,
    status_url: `${base}/api/batches/${batch.id}`,
    export_url: `${base}/api/batches/${batch.id}/export`,
  };
}
