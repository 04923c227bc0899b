import { eventType } from "inngest";
import { z } from "zod";

// Every event of StoreLens, declared once: senders and triggers use these constants.

/** A job was created and its store should be analyzed. */
export const storeAnalysisRequested = eventType("store/analysis.requested", {
  schema: z.object({
    jobId: z.uuid(),
    /** Soft per-caller concurrency cap key: the user, the x402 payer, or the job itself. */
    concurrencyKey: z.string().min(1),
  }),
});
