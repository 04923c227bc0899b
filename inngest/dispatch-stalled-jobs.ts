import { settleOpenBatches } from "@/lib/batches/settle-batch";
import { redispatchStalledJobs } from "@/lib/jobs/dispatch-job";
import { restartStalledDeliveries } from "@/lib/webhooks";
import { inngest } from "@/lib/workflow/client";

/** Sends the workflow event of jobs (and webhook deliveries) whose creator died before sending it; ends batches whose jobs all ended. */
export const dispatchStalledJobs = inngest.createFunction(
  { id: "dispatch-stalled-jobs", name: "Dispatch stalled jobs", retries: 2, triggers: [{ cron: "*/5 * * * *" }] }, // every 5 minutes
  async ({ step }) => ({
    redispatched: await step.run("redispatch", () => redispatchStalledJobs()),
    deliveries: await step.run("restart-deliveries", () => restartStalledDeliveries()),
    // A batch whose last job ended outside its run (failed while waiting for disk space) is settled here.
    batches: await step.run("settle-batches", () => settleOpenBatches()),
  }),
);
