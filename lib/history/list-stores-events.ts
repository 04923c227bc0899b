import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import type { TimelineEvent } from "./schemas";

type Row = {
  store_id: string;
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

export type StoreEvent = TimelineEvent & { storeId: string };

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The events of several stores since a moment, newest first: the same events as each store's
 * timeline (technology events, and the changelog's products added and removed and prices
 * changed, of completed analyses only), for a list's "what changed since the last visit".
 * The ids travel as one JSON parameter: a list may name thousands of stores.
 */
export async function listStoresEvents(
  storeIds: readonly string[],
  since: Date,
  limit: number,
): Promise<{ events: StoreEvent[]; total: number }> {
  if (storeIds.length === 0) return { events: [], total: 0 };
  const ids = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(storeIds)}::jsonb))`;
  const events = sql`
    select e.store_id::text, e.kind, e.key, e.label, e.before, e.after, e.job_id::text, e.at, e.previous_job_id::text, e.previous_at, e.id::text as id
    from technology_events e
    where e.store_id in ${ids} and e.at > ${since.toISOString()}::timestamptz
    union all
    select
      c.store_id::text,
      case when c.subject = 'price' then 'price_changed' else 'product_' || c.change end,
      c.subject_id, c.title, c.before->>'price', c.after->>'price', c.job_id::text, r.created_at, c.previous_job_id::text, pr.created_at, c.id::text
    from changelog_entries c
    join reports r on r.job_id = c.job_id
    left join reports pr on pr.job_id = c.previous_job_id
    where c.store_id in ${ids} and r.created_at > ${since.toISOString()}::timestamptz
      and ((c.subject = 'product' and c.change in ('added', 'removed')) or (c.subject = 'price' and c.change = 'changed'))`;
  const [rows, [count]] = await Promise.all([
    queryRows<Row>(getDb(), sql`select * from (${events}) t order by t.at desc, t.store_id, t.kind, t.key, t.id limit ${limit}`),
    queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from (${events}) counted`),
  ]);

  return {
    total: count?.n ?? 0,
    events: rows.map((row) => ({
      storeId: row.store_id,
      kind: row.kind,
      key: row.key,
      label: row.label,
      before: row.before,
      after: row.after,
      analysis: { job_id: row.job_id, at: iso(row.at) },
      previous_analysis: row.previous_job_id && row.previous_at ? { job_id: row.previous_job_id, at: iso(row.previous_at) } : null,
    })),
  };
}
