import { analyzeStore } from "./analyze-store";
import { checkTrackedStoreFn } from "./check-tracked-store";
import { cleanupSnapshots } from "./cleanup-snapshots";
import { deliverWebhookFn } from "./deliver-webhook";
import { dispatchStalledJobs } from "./dispatch-stalled-jobs";
import { monitorTrackedStores } from "./monitor-tracked-stores";
import { publishBlogPosts } from "./publish-blog-posts";
import { publishReports } from "./publish-reports";
import { resolveAppListings } from "./resolve-app-listings";
import { sendAlertDigestsFn } from "./send-alert-digests";

/** Every Inngest function of StoreLens: served at /api/inngest and run by the embedded executor. */
export const functions = [
  analyzeStore,
  dispatchStalledJobs,
  publishReports,
  publishBlogPosts,
  monitorTrackedStores,
  checkTrackedStoreFn,
  cleanupSnapshots,
  deliverWebhookFn,
  sendAlertDigestsFn,
  resolveAppListings,
];
