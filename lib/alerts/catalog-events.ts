import type { Job } from "@/db/schema";
import { listJobChanges } from "@/lib/changelog/list-job-changes";
import type { StoreEvent } from "./store-event";

type ChangeRow = Awaited<ReturnType<typeof listJobChanges>>[number];

const availableOf = (side: unknown) => (side as { available?: unknown } | null)?.available;

/** The alertable events among a job's changelog rows: new products, price changes, sold out and back in stock. */
export function catalogEvents(job: Pick<Job, "id" | "completedAt">, rows: ChangeRow[]): StoreEvent[] {
  const occurredAt = job.completedAt ?? new Date();
  const event = (kind: StoreEvent["kind"], row: ChangeRow): StoreEvent => ({
    kind,
    subject: { type: row.subject === "product" ? "product" : "variant", id: row.subjectId, title: row.title },
    before: row.before,
    after: row.after,
    occurredAt,
    evidence: { jobId: job.id, previousJobId: row.previousJobId ?? undefined },
  });

  return rows.flatMap((row): StoreEvent[] => {
    if (row.subject === "product" && row.change === "added") return [event("product_added", row)];
    if (row.subject === "price" && row.change === "changed") return [event("price_changed", row)];
    if (row.subject === "availability" && row.change === "changed") {
      return [event(availableOf(row.after) === false ? "sold_out" : "back_in_stock", row)];
    }

    return [];
  });
}
