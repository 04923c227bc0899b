import { inngest } from "@/lib/workflow/client";
import { cronMoment } from "@/lib/workflow/cron-moment";
import { appListingsRequested } from "@/lib/workflow/events";

/**
 * Names the apps storefronts name by a handle the catalog does not know: each due handle is
 * looked up on the Shopify App Store (lib/apps/app-store) and the answer kept, so the next
 * analysis of any store reports the app by its listing's name.
 *
 * A function of its own rather than a step of analyze-store: a lookup is owed once per handle,
 * not per analysis; the App Store is one host, asked one request at a time across every job
 * (concurrency 1, and the store fetch's pacing per host); and an analysis must never wait on it
 * or fail with it. Each handle is one step, bounded in time (LOOKUP_TIMEOUT_MS, one retry) and
 * never throwing, so a slow or hostile listing costs its own step only. An analysis that met new
 * handles asks for a run (apps/listings.requested); the hourly tick picks up what a lost event
 * left, refreshes listings a month old and retries failures after their backoff.
 */
// Loaded when a step first runs: the listing parser brings the HTML parser, which the server
// does not load at start (server/startup-imports.test.ts).
const listings = () => import("@/lib/apps/app-store/resolve-listings");

export const resolveAppListings = inngest.createFunction(
  {
    id: "resolve-app-listings",
    name: "Look unknown apps up on the Shopify App Store",
    retries: 2,
    concurrency: { limit: 1 },
    triggers: [{ cron: "40 * * * *" }, appListingsRequested],
  },
  async ({ event, step }) => {
    const due = await step.run("find-due-handles", async () => (await listings()).listHandlesToLookUp(cronMoment(event)));
    const answers: Record<string, number> = {};
    for (const handle of due) {
      const status = await step.run(`look-up-${handle}`, async () => (await listings()).lookUpAndRecordListing(handle));
      answers[status] = (answers[status] ?? 0) + 1;
    }

    return { looked_up: due.length, ...answers };
  },
);
