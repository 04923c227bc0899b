import { sendAlertDigests } from "@/lib/alerts";
import { inngest } from "@/lib/workflow/client";
import { alertDigestsRequested } from "@/lib/workflow/events";

/** The daily alert digest: one e-mail per user with every alert they wanted daily and have not been mailed. */
export const sendAlertDigestsFn = inngest.createFunction(
  {
    id: "send-alert-digests",
    name: "Send the daily alert digests",
    retries: 2,
    concurrency: { limit: 1 },
    triggers: [{ cron: "0 7 * * *" }, alertDigestsRequested],
  },
  async ({ step }) => step.run("send-digests", () => sendAlertDigests()),
);
