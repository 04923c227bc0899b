/** The calendar month (UTC) that `now` falls in: quotas count from `start` and reset at `resetsAt`. */
export function currentMonthWindow(now = new Date()): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

  return { start, resetsAt };
}
