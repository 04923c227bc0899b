import { findSampleJob } from "@/lib/jobs/sample-job";
import { logger } from "@/lib/log";

/**
 * At start: seeds the sample report unless this database has it already. The seed (and the HTML
 * parser it brings) is loaded only on a first start, so a server that has its sample loads
 * nothing more than one row read. A failed seed is logged and tried again at the next start: the
 * home page does without a sample, never without a server.
 */
export async function ensureSampleReport(): Promise<void> {
  try {
    if ((await findSampleJob())?.status === "completed") return;
    const { seedSampleReport } = await import("./seed-sample-report");
    await seedSampleReport();
  } catch (error) {
    logger.warn("the sample report could not be seeded; the next start tries again", { error: String(error) });
  }
}
