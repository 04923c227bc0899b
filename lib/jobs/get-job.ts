import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { notFound } from "@/lib/api/errors";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export async function findJob(jobId: string): Promise<Job | null> {
  if (!isUuid(jobId)) return null;
  const [job] = await getDb().select().from(jobs).where(eq(jobs.id, jobId)).limit(1);

  return job ?? null;
}

/** The job, or the contract's 404. An id that is not even a UUID is simply not found. */
export async function getJobOrThrow(jobId: string): Promise<Job> {
  const job = await findJob(jobId);
  if (!job) throw notFound(`Job ${jobId}`);

  return job;
}

/** The most recent job for a store domain (as normalized at submission). */
export async function findLatestJobForDomain(domain: string): Promise<Job | null> {
  const [job] = await getDb()
    .select()
    .from(jobs)
    .where(eq(jobs.domain, domain))
    .orderBy(desc(jobs.createdAt))
    .limit(1);

  return job ?? null;
}
