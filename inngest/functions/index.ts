import { analyzeStore } from "./analyze-store";
import { dispatchStalledJobs } from "./dispatch-stalled-jobs";

/** Every Inngest function of StoreLens: served at /api/inngest and run by the embedded executor. */
export const functions = [analyzeStore, dispatchStalledJobs];
