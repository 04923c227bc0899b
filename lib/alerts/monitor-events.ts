import { raiseAlerts } from "./raise-alerts";
import type { StoreEvent } from "./store-event";

/** A monitoring analysis of the store failed: blocked by the store, or not reachable / not readable. */
export function monitorFailureEvent(failure: { jobId: string; code: string | null; error: string | null; at: Date }): StoreEvent {
  const blocked = failure.code === "store_blocked";

  return {
    kind: blocked ? "store_blocking" : "store_unreachable",
    subject: { type: "store", id: "store", title: null },
    before: null,
    after: { code: failure.code, error: failure.error },
    occurredAt: failure.at,
    evidence: { jobId: failure.jobId, code: failure.code },
  };
}

/** The daily monitor found the store's last check failed: its followers are told (once per failed job). */
export async function raiseMonitorFailureAlert(storeId: string, failure: Parameters<typeof monitorFailureEvent>[0]): Promise<number> {
  return (await raiseAlerts(storeId, [monitorFailureEvent(failure)])).length;
}
