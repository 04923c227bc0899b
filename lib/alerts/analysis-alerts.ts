import type { Job } from "@/db/schema";
import { listJobChanges } from "@/lib/changelog/list-job-changes";
import { listJobTechnologyEvents } from "@/lib/history/job-history";
import type { TimelineEvent } from "@/lib/history/schemas";
import { catalogEvents } from "./catalog-events";
import { raiseAlerts } from "./raise-alerts";
import type { StoreEvent } from "./store-event";

/** The timeline's technology events a follower can be told about: apps installed or removed, the theme changed. */
export function technologyAlertEvents(job: Pick<Job, "id" | "completedAt">, events: TimelineEvent[]): StoreEvent[] {
  return events.flatMap((event): StoreEvent[] => {
    if (event.kind !== "app_installed" && event.kind !== "app_removed" && event.kind !== "theme_changed") return [];
    const type = event.kind === "theme_changed" ? "theme" : "app";

    return [
      {
        kind: event.kind,
        subject: { type, id: event.key, title: event.label },
        before: event.before,
        after: event.after,
        occurredAt: job.completedAt ?? new Date(event.analysis.at),
        evidence: { jobId: job.id, previousJobId: event.previous_analysis?.job_id },
      },
    ];
  });
}

/**
 * At a completed analysis: what it found changed against the store's previous one (the
 * timeline's technology events, the changelog's catalog changes), raised for whoever tracks the
 * store. Nothing when nobody does, or nothing changed.
 */
export async function raiseAnalysisAlerts(job: Pick<Job, "id" | "storeId" | "completedAt">): Promise<number> {
  const events = [
    ...technologyAlertEvents(job, await listJobTechnologyEvents(job.id)),
    ...catalogEvents(job, await listJobChanges(job.id, ["product", "price", "availability"])),
  ];

  return (await raiseAlerts(job.storeId, events)).length;
}
