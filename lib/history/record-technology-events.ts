import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { reports, technologyEvents, technologySightings, type Job } from "@/db/schema";
import { diffTechnologies, technologiesOf, type Technology, type TechnologyChange } from "./technologies";

/** One event a completion recorded, as the timeline names it (what alerts are raised from). */
export type RecordedTechnologyEvent = TechnologyChange & {
  storeId: string;
  jobId: string;
  at: Date;
  previousJobId: string;
  previousAt: Date;
};

export type TechnologyEventsInput = {
  job: Pick<Job, "id" | "storeId">;
  /** The metadata of the report this completion writes (already inserted: its time dates the events). */
  metadata: unknown;
  /** The store's previous completed analysis, null for its first. */
  previous: Pick<Job, "id"> | null;
};

/** When a job's report was written: the date of every row of the timeline, catalog events too. */
async function reportedAt(tx: DbOrTx, jobId: string) {
  const [report] = await tx
    .select({ metadata: reports.metadata, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.jobId, jobId));

  return report ?? null;
}

/**
 * At a job's completion, in its transaction: the technologies its report saw against the
 * store's previous completed report (events, each naming both analyses), and when each was
 * first and last seen. A first analysis records sightings and no event; a technology either
 * report cannot tell about is left as it was. Answers the events recorded.
 */
export async function recordTechnologyEvents(tx: DbOrTx, input: TechnologyEventsInput): Promise<RecordedTechnologyEvent[]> {
  const { job, previous } = input;
  const report = await reportedAt(tx, job.id);
  if (!report) throw new Error(`job ${job.id}: its technology events are recorded after its report`);
  const at = report.createdAt;
  const current = technologiesOf(input.metadata);
  let events: RecordedTechnologyEvent[] = [];
  // A previous analysis whose report is gone (purged) says nothing to compare with.
  const previousReport = previous ? await reportedAt(tx, previous.id) : null;
  if (previous && previousReport) {
    events = diffTechnologies(technologiesOf(previousReport.metadata), current).map((change) => ({
      ...change,
      storeId: job.storeId,
      jobId: job.id,
      at,
      previousJobId: previous.id,
      previousAt: previousReport.createdAt,
    }));
  }
  if (events.length > 0) {
    await tx.insert(technologyEvents).values(
      events.map((event) => ({
        storeId: event.storeId,
        jobId: event.jobId,
        at: event.at,
        previousJobId: event.previousJobId,
        previousAt: event.previousAt,
        technology: event.technology,
        kind: event.kind,
        key: event.key,
        label: event.label,
        before: event.before,
        after: event.after,
      })),
    );
  }
  await recordSightings(tx, job, at, current);

  return events;
}

async function recordSightings(tx: DbOrTx, job: Pick<Job, "id" | "storeId">, at: Date, current: ReturnType<typeof technologiesOf>) {
  for (const [technology, reading] of Object.entries(current) as [Technology, (typeof current)[Technology]][]) {
    if (!reading) continue;
    const seen = reading.seen.map((s) => s.key);
    // Those no longer seen (and not merely unknown this time) stop being present.
    const stale = await tx
      .select({ key: technologySightings.key })
      .from(technologySightings)
      .where(
        and(
          eq(technologySightings.storeId, job.storeId),
          eq(technologySightings.technology, technology),
          eq(technologySightings.present, true),
        ),
      );
    const gone = stale.map((row) => row.key).filter((key) => !seen.includes(key) && !reading.unknown.has(key));
    if (gone.length > 0) {
      await tx
        .update(technologySightings)
        .set({ present: false })
        .where(
          and(
            eq(technologySightings.storeId, job.storeId),
            eq(technologySightings.technology, technology),
            inArray(technologySightings.key, gone),
          ),
        );
    }
    if (reading.seen.length === 0) continue;
    await tx
      .insert(technologySightings)
      .values(
        reading.seen.map((s) => ({
          storeId: job.storeId,
          technology,
          key: s.key,
          label: s.label,
          detail: s.detail,
          firstSeenJobId: job.id,
          firstSeenAt: at,
          lastSeenJobId: job.id,
          lastSeenAt: at,
          present: true,
        })),
      )
      .onConflictDoUpdate({
        target: [technologySightings.storeId, technologySightings.technology, technologySightings.key],
        set: {
          label: sql`excluded.label`,
          detail: sql`excluded.detail`,
          lastSeenJobId: sql`excluded.last_seen_job_id`,
          lastSeenAt: sql`excluded.last_seen_at`,
          present: true,
        },
      });
  }
}
