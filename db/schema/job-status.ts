// Dependency-free on purpose: client components import the job schemas, and this list must
// not drag the database table definitions into the browser bundle.

export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
