import { publishDueReports } from "@/lib/publishing/publish-reports";
import { inngest } from "@/lib/workflow/client";

/** Publishes stores whose report is older than 30 days (their pages become indexable, enter the sitemap). */
export const publishReports = inngest.createFunction(
  { id: "publish-reports", name: "Publish reports older than 30 days", retries: 3, triggers: [{ cron: "15 3 * * *" }] }, // daily, 03:15 UTC
  async ({ event, step }) => {
    // The tick's own time, not the worker's: a late or retried run publishes what was due at its tick.
    const scheduledAt = (event.data as { scheduledAt?: string } | undefined)?.scheduledAt;
    const now = scheduledAt ? new Date(scheduledAt) : new Date(event.ts ?? Date.now());

    return step.run("publish-due-reports", () => publishDueReports(now));
  },
);
