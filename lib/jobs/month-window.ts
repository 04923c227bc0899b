/**
 * The calendar month (UTC) that `now` falls in: the Free quota (lib/billing/admission/quota.ts) and the
 * monthly cap on returned charges (lib/jobs/return-job-charge.ts) count from `start` and reset at `resetsAt`.
 */
export function currentMonthWindow(now = new Date()): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

  return { start, resetsAt };
}
