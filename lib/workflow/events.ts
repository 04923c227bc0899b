import { eventType } from "inngest";
import { z } from "zod";

// Every event of StoreLens, declared once: senders and triggers use these constants.

/** A job was created and its store should be analyzed. */
export const storeAnalysisRequested = eventType("store/analysis.requested", {
  schema: z.object({
    jobId: z.uuid(),
    /** Soft per-caller concurrency cap key: the user, the x402 payer, or the job itself. */
    concurrencyKey: z.string().min(1),
    /** The batch the job belongs to (lib/batches): its run settles the batch once the job ended. */
    batchId: z.uuid().optional(),
  }),
});

/** Run the tracked-shop monitor now (operators, tests); the cron sends nothing, it ticks hourly. */
export const trackedStoresMonitorRequested = eventType("tracking/monitor.requested", {
  schema: z.object({}),
});

/** One tracked store is due for its daily re-analysis (fanned out by the monitor). */
export const trackedStoreCheckRequested = eventType("tracking/store.check.requested", {
  schema: z.object({
    storeId: z.uuid(),
    /** The monitor tick's time: the check is judged at this instant, also on a replay. */
    at: z.iso.datetime(),
  }),
});

/** Run snapshot cleanup now (operators, tests); the cron runs it daily. */
export const snapshotCleanupRequested = eventType("snapshots/cleanup.requested", {
  schema: z.object({}),
});

/** A webhook delivery was recorded (alert, test event) and is owed to its receiver, with retries. */
export const webhookDeliveryRequested = eventType("webhooks/delivery.requested", {
  schema: z.object({ deliveryId: z.uuid() }),
});

/** Send the daily alert digests now (operators, tests); the cron sends them every morning. */
export const alertDigestsRequested = eventType("alerts/digests.requested", {
  schema: z.object({}),
});

/** An analysis met app handles the catalog does not know: look the due ones up on the App Store now (the cron also does, hourly). */
export const appListingsRequested = eventType("apps/listings.requested", {
  schema: z.object({}),
});
