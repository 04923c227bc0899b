import { asc, desc, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { technologySightings } from "@/db/schema";
import { offsetOf, paginated } from "@/lib/http/pagination";
import { getAnalyzedStore } from "@/lib/store-directory/get-analyzed-store";
import type { StoreTimeline, StoreTimelineQuery, TimelineEvent } from "./schemas";

type EventRow = {
  kind: TimelineEvent["kind"];
  key: string;
  label: string | null;
  before: string | null;
  after: string | null;
  job_id: string;
  at: Date | string;
  previous_job_id: string | null;
  previous_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const day = (value: Date | string) => iso(value).slice(0, 10);

/**
 * A store's events, newest first: its technology events, and the changelog's products added and
 * removed and prices changed (completed analyses only: the changelog is written before its job
 * completes), each dated by the report of its analysis.
 */
function eventsOf(storeId: string, kind: StoreTimelineQuery["kind"]) {
  return sql`
    select * from (
      select e.kind, e.key, e.label, e.before, e.after, e.job_id::text, e.at, e.previous_job_id::text, e.previous_at, e.id::text as id
      from technology_events e
      where e.store_id = ${storeId}
      union all
      select
        case when c.subject = 'price' then 'price_changed' else 'product_' || c.change end as kind,
        c.subject_id, c.title, c.before->>'price', c.after->>'price', c.job_id::text, r.created_at, c.previous_job_id::text, pr.created_at, c.id::text
      from changelog_entries c
      join reports r on r.job_id = c.job_id
      left join reports pr on pr.job_id = c.previous_job_id
      where c.store_id = ${storeId}
        and ((c.subject = 'product' and c.change in ('added', 'removed')) or (c.subject = 'price' and c.change = 'changed'))
    ) t
    where ${kind ?? null}::text is null or t.kind = ${kind ?? null}::text`;
}

/** Reading one event row into the API's shape. */
function serializeEvent(row: EventRow): TimelineEvent {
  return {
    kind: row.kind,
    key: row.key,
    label: row.label,
    before: row.before,
    after: row.after,
    analysis: { job_id: row.job_id, at: iso(row.at) },
    previous_analysis: row.previous_job_id && row.previous_at ? { job_id: row.previous_job_id, at: iso(row.previous_at) } : null,
  };
}

/** The store's completed analyses, as their kept reports say. */
async function analysesOf(storeId: string) {
  const [row] = await queryRows<{ count: number; first_at: Date | string | null; latest_at: Date | string | null }>(
    getDb(),
    sql`select count(*)::int as count, min(created_at) as first_at, max(created_at) as latest_at from reports where store_id = ${storeId}`,
  );

  return {
    count: row?.count ?? 0,
    first_at: row?.first_at ? iso(row.first_at) : null,
    latest_at: row?.latest_at ? iso(row.latest_at) : null,
  };
}

/** What the timeline cannot tell, said plainly. */
function noteOf(analyses: StoreTimeline["analyses"], recordedSince: Date | null): string | null {
  if (analyses.count <= 1 && analyses.first_at) {
    return `Analyzed once so far (first analysis on ${day(analyses.first_at)}): changes show from the next analysis.`;
  }
  if (analyses.first_at && (!recordedSince || day(recordedSince) > day(analyses.first_at))) {
    return recordedSince
      ? `Technologies are recorded since ${day(recordedSince)}; analyses before it (from ${day(analyses.first_at)}) were not compared.`
      : `No analysis of this store has been compared yet (first analysis on ${day(analyses.first_at)}).`;
  }

  return null;
}

/** GET /api/stores/:slug/timeline: a page of the store's events, its technologies' first and last sightings. */
export async function getStoreTimeline(slug: string, query: StoreTimelineQuery): Promise<StoreTimeline> {
  const store = await getAnalyzedStore(slug);
  const events = eventsOf(store.id, query.kind);
  const [rows, [total], sightings, analyses] = await Promise.all([
    queryRows<EventRow>(getDb(), sql`${events} order by t.at desc, t.kind, t.key, t.id limit ${query.per_page} offset ${offsetOf(query)}`),
    queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from (${events}) counted`),
    getDb()
      .select()
      .from(technologySightings)
      .where(eq(technologySightings.storeId, store.id))
      .orderBy(asc(technologySightings.technology), desc(technologySightings.present), asc(technologySightings.label)),
    analysesOf(store.id),
  ]);
  const recordedSince = sightings.reduce<Date | null>((min, s) => (!min || s.firstSeenAt < min ? s.firstSeenAt : min), null);

  return {
    store: { slug: store.slug, domain: store.domain },
    analyses,
    note: noteOf(analyses, recordedSince),
    technologies: sightings.map((s) => ({
      technology: s.technology,
      key: s.key,
      label: s.label,
      version: s.detail,
      present: s.present,
      first_seen: { job_id: s.firstSeenJobId, at: s.firstSeenAt.toISOString() },
      last_seen: { job_id: s.lastSeenJobId, at: s.lastSeenAt.toISOString() },
    })),
    ...paginated(rows.map(serializeEvent), query, total?.n ?? 0),
  };
}
