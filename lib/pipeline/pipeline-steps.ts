// Dependency-free on purpose: the progress UI in the browser reads the same declarations.

export type PipelineStep = {
  /** Stable: a resumed run is matched to its memoized steps by this id (docs/decisions.md §6.4). */
  id: string;
  /** What a person watching the progress bar reads. */
  label: string;
  /** What the step is doing, for the person waiting on it ({domain} is the store's). */
  explanation: string;
};

/** The steps of analyze-store, in the order they run. */
export const PIPELINE_STEPS = {
  resolveStore: { id: "resolve-store", label: "Checking the store", explanation: "Checking that {domain} is a public Shopify store." },
  fetchProducts: {
    id: "fetch-products",
    label: "Reading products",
    explanation: "Reading the catalog 250 products at a time, one request after another so the store is never overloaded.",
  },
  fetchCollections: {
    id: "fetch-collections",
    label: "Reading collections",
    explanation:
      "Reading the collections and which products each one holds: one request per 250 products of every collection, so this takes a while after the listing.",
  },
  fetchPages: { id: "fetch-pages", label: "Reading pages", explanation: "Reading the store's own pages (about, shipping, policies)." },
  detectApps: {
    id: "detect-apps",
    label: "Detecting apps and theme",
    explanation: "Looking through the storefront's code for its theme and installed apps.",
  },
  checkAgentReadiness: {
    id: "check-agent-readiness",
    label: "Checking AI agent readiness",
    explanation:
      "Asking whether the store answers AI shopping agents (Shopify's Storefront MCP, a UCP profile, llms.txt): one request each.",
  },
  render: {
    id: "render",
    label: "Rendering the store",
    explanation: "Opening the home page in a browser of our own: screenshots at desktop and phone size, and the apps its scripts add.",
  },
  pagespeed: { id: "pagespeed", label: "Measuring speed", explanation: "Measuring how fast the storefront loads with Google PageSpeed." },
  buildReport: {
    id: "build-report",
    label: "Building the report",
    explanation: "Comparing the catalog with the previous analysis (prices, stock, new and removed products) and writing the report.",
  },
  // After completion (the job's progress is final by then): retried apart from the report.
  storeReportBody: { id: "store-report-body", label: "Storing the report", explanation: "Saving the finished report." },
  notifyCallbacks: { id: "notify-callbacks", label: "Sending notifications", explanation: "Sending the webhook and e-mail." },
} as const satisfies Record<string, PipelineStep>;

const ORDER: readonly PipelineStep[] = Object.values(PIPELINE_STEPS);

/** The steps a person waits for: the ones after completion are not part of the analysis's progress. */
export const WAITED_STEPS: readonly PipelineStep[] = ORDER.slice(0, ORDER.indexOf(PIPELINE_STEPS.buildReport) + 1);

/** The step with this id, if it is one of the pipeline's. */
export function findPipelineStep(id: string): PipelineStep | undefined {
  return ORDER.find((step) => step.id === id);
}

/** Products per listing request and collection page (Shopify's largest page). */
const PER_REQUEST = 250;
/** Requests spent on collection membership per job, at most (fetch-collections-step.ts). */
export const MEMBERSHIP_REQUEST_BUDGET = 200;

/**
 * The work each step is expected to take, in store requests (each one spaced by the polite
 * interval, so roughly in seconds), for a store announcing `expected_products`. Membership is
 * about 2.5 collection pages per 250 products (`all`, one by type, one by vendor, and the rest),
 * the report's comparison grows with the catalog. Estimates: the progress bar moves with them,
 * and the time left is measured on the job itself (describeTimeLeft).
 */
export function plannedWork(counts: Record<string, number>): Record<string, number> {
  const products = counts.expected_products ?? counts.products ?? 0;
  const pages = Math.ceil(products / PER_REQUEST);

  return {
    [PIPELINE_STEPS.resolveStore.id]: 3,
    [PIPELINE_STEPS.fetchProducts.id]: pages + 1,
    [PIPELINE_STEPS.fetchCollections.id]: 2 + Math.min(MEMBERSHIP_REQUEST_BUDGET, Math.ceil(pages * 2.5) + 2),
    [PIPELINE_STEPS.fetchPages.id]: 2,
    [PIPELINE_STEPS.detectApps.id]: 3,
    [PIPELINE_STEPS.checkAgentReadiness.id]: 3,
    [PIPELINE_STEPS.render.id]: 3,
    [PIPELINE_STEPS.pagespeed.id]: 3,
    [PIPELINE_STEPS.buildReport.id]: 2 + Math.ceil(products / 2_000),
  };
}

/** The planned work done once `step` is `done` (0..1) through, and the whole job's. */
export function workThrough(step: PipelineStep, done: number, counts: Record<string, number>): { done: number; total: number } {
  const plan = plannedWork(counts);
  const index = WAITED_STEPS.findIndex((s) => s.id === step.id);
  const total = WAITED_STEPS.reduce((sum, s) => sum + (plan[s.id] ?? 0), 0);
  if (index < 0) return { done: total, total };
  const before = WAITED_STEPS.slice(0, index).reduce((sum, s) => sum + (plan[s.id] ?? 0), 0);

  return { done: before + (plan[step.id] ?? 0) * Math.min(1, Math.max(0, done)), total };
}

/** The job's progress (0..1) once `step` is `done` (0..1) through, weighted by each step's planned work. */
export function progressThrough(step: PipelineStep, done = 1, counts: Record<string, number> = {}): number {
  const work = workThrough(step, done, counts);

  return work.done / work.total;
}
