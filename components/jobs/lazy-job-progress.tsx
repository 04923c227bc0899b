"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import type { JobProgress as JobProgressView } from "./job-progress";

// Its own chunk (the running job's view, the API client, zod and the job messages' schemas): the
// report page module imports this shell, and Next ships every client component a page imports,
// rendered or not, so a completed report would carry JobProgress's code unused.
const JobProgress = lazy(() => import("./job-progress").then((module) => ({ default: module.JobProgress })));

/** JobProgress, fetched only when a page renders it (a job still queued, running or failed). */
export function LazyJobProgress(props: ComponentProps<typeof JobProgressView>) {
  return (
    <Suspense fallback={null}>
      <JobProgress {...props} />
    </Suspense>
  );
}
