import { publishDueReports } from "@/lib/store-directory/publish-due-reports";
import { inngest } from "@/lib/workflow/client";
import { cronMoment } from "@/lib/workflow/cron-moment";

/** Publishes stores whose report is older than 30 days (their pages become indexable, enter the sitemap). */
export const publishReports = inngest.createFunction(
  { id: "publish-reports", name: "Publish reports older than 30 days", retries: 3, triggers: [{ cron: "15 3 * * *" }] }, // daily, 03:15 UTC
  async ({ event, step }) => {
    // A late or retried run publishes what was due at its tick.
    const now = cronMoment(event);

    return step.run("publish-due-reports", () => publishDueReports(now));
  },
);
