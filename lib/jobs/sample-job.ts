import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";

/** The payment method of the bundled sample report's job (lib/sample-report): nobody pays, nobody owns it. */
export const SAMPLE_PAYMENT = "sample";

/** The newest job of the bundled sample report, whatever its state; null before the first seed. */
export async function findSampleJob(): Promise<Job | null> {
  const [job] = await getDb().select().from(jobs).where(eq(jobs.paymentMethod, SAMPLE_PAYMENT)).orderBy(desc(jobs.createdAt)).limit(1);

  return job ?? null;
}
