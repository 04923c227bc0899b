// Dependency-free on purpose: the progress UI in the browser reads the same declarations.

export type PipelineStep = {
  /** Stable: a resumed run is matched to its memoized steps by this id (docs/decisions.md §6.4). */
  id: string;
  /** What a person watching the progress bar reads. */
  label: string;
  /** Share of the whole job's progress, in percent (the weights add up to 100). */
  weight: number;
};

/** The steps of analyze-store, in the order they run. */
export const PIPELINE_STEPS = {
  resolveStore: { id: "resolve-store", label: "Resolving the store", weight: 5 },
  // Reading the catalogue is most of a job's time (one polite request at a time).
  fetchProducts: { id: "fetch-products", label: "Reading products", weight: 70 },
  fetchCollections: { id: "fetch-collections", label: "Reading collections", weight: 5 },
  fetchPages: { id: "fetch-pages", label: "Reading pages", weight: 5 },
  detectApps: { id: "detect-apps", label: "Detecting apps", weight: 5 },
  pagespeed: { id: "pagespeed", label: "Measuring PageSpeed", weight: 5 },
  buildReport: { id: "build-report", label: "Building the report", weight: 5 },
  // After completion (the job's progress is final by then): retried apart from the report.
  storeReportBody: { id: "store-report-body", label: "Storing the report", weight: 0 },
  notifyCallbacks: { id: "notify-callbacks", label: "Sending notifications", weight: 0 },
} as const satisfies Record<string, PipelineStep>;

const ORDER: readonly PipelineStep[] = Object.values(PIPELINE_STEPS);

/** The step with this id, if it is one of the pipeline's. */
export function findPipelineStep(id: string): PipelineStep | undefined {
  return ORDER.find((step) => step.id === id);
}

/** The job's progress (0..1) once `step` is `done` (0..1) through: earlier steps count whole. */
export function progressThrough(step: PipelineStep, done = 1): number {
  const before = ORDER.slice(0, ORDER.indexOf(step)).reduce((sum, s) => sum + s.weight, 0);

  return (before + step.weight * Math.min(1, Math.max(0, done))) / 100;
}
