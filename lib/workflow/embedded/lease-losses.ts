// Dependency-free on purpose: the app's failure handlers read WORKER_CRASHED_ERROR.

/**
 * Lease losses after which a call request is not called again: its run fails with
 * WORKER_CRASHED_ERROR. A step that kills its worker (or blocks it past the lease) would
 * otherwise be taken over and kill the next worker, forever.
 */
export const MAX_LEASE_LOSSES = 3;

/** The error `name` of a run failed because one of its steps lost its worker MAX_LEASE_LOSSES times. */
export const WORKER_CRASHED_ERROR = "WorkerCrashedError";

/** A call request taken over from a worker that lost its lease, still to be called again: it runs alone. */
export function isSuspect(item: { kind: string; leaseLosses: number }): boolean {
  return item.kind === "call" && item.leaseLosses > 0 && item.leaseLosses < MAX_LEASE_LOSSES;
}
