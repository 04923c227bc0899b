import { CRON_EVENT } from "@/lib/workflow/embedded/protocol";
import { currentTime } from "@/lib/time-of-record";

/** The parts of a run's triggering event that say when it was due. */
type TriggerEvent = { name?: string; data?: unknown; ts?: number };

/**
 * The moment a cron function's run stands for. A tick's own time, not the worker's: a late or
 * retried run does the work that was due at its tick (the embedded executor puts it in
 * `data.scheduledAt`, Inngest in the timer event's `ts`). A run requested by an event of ours
 * stands for the time of record now, so call this inside a step when the function has such a
 * trigger: the step's memo keeps the first answer across retries.
 */
export function cronMoment(event: TriggerEvent): Date {
  const scheduledAt = (event.data as { scheduledAt?: unknown } | undefined)?.scheduledAt;
  if (typeof scheduledAt === "string") return new Date(scheduledAt);
  if (event.name === CRON_EVENT && typeof event.ts === "number") return new Date(event.ts);

  return currentTime();
}
