import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { changelogEntries, snapshotProducts, type Store } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";
import { completedJobsSince, listCompletedJobs, listCompletionTimes } from "@/lib/jobs/list-completed-jobs";
import { currentTime } from "@/lib/time-of-record";
import type { CatalogEvent, CatalogEventKind, CatalogEventPage, CatalogEventsQuery } from "./schemas";

type Row = typeof changelogEntries.$inferSelect & { cursorAt: string };

const c = changelogEntries;

/** The changelog rows that are catalog events, by kind (a compare-at-only change is no price change). */
const KIND_FILTERS: Record<CatalogEventKind, SQL> = {
  product_added: and(eq(c.subject, "product"), eq(c.change, "added"))!,
  product_removed: and(eq(c.subject, "product"), eq(c.change, "removed"))!,
  price_changed: and(
    eq(c.subject, "price"),
    eq(c.change, "changed"),
    sql`${c.before} ->> 'price' is distinct from ${c.after} ->> 'price'`,
  )!,
  sold_out: and(eq(c.subject, "availability"), eq(c.change, "changed"), sql`${c.after} ->> 'available' = 'false'`)!,
  back_in_stock: and(eq(c.subject, "availability"), eq(c.change, "changed"), sql`${c.after} ->> 'available' = 'true'`)!,
};

const ANY_KIND = or(...Object.values(KIND_FILTERS))!;

function kindOf(row: Row): CatalogEventKind | null {
  if (row.subject === "product") return row.change === "added" ? "product_added" : row.change === "removed" ? "product_removed" : null;
  if (row.subject === "price") return "price_changed";
  if (row.subject === "availability") return field(row.after, "available") === false ? "sold_out" : "back_in_stock";

  return null;
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : typeof value === "number" ? String(value) : null);

const encodeCursor = (row: Row) => Buffer.from(JSON.stringify([row.cursorAt, row.id])).toString("base64url");

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (typeof at === "string" && typeof id === "string" && !Number.isNaN(Date.parse(at)) && /^[0-9a-f-]{36}$/i.test(id)) return { at, id };
  } catch {
    // answered below
  }
  throw new ApiError("invalid_request", "cursor is not one this list gave");
}

type Snapshotted = { handle: string; publishedAt: string | null };

/** Handles and publish dates from the kept snapshots: the event's own analysis first, else the store's latest. */
async function snapshotFacts(rows: Row[], latestJobId: string | null): Promise<(row: Row) => Snapshotted | undefined> {
  const productIds = [...new Set(rows.flatMap((row) => (row.productId === null ? [] : [row.productId])))];
  const jobIds = [
    ...new Set([
      ...rows.flatMap((row) => [row.jobId, ...(row.previousJobId ? [row.previousJobId] : [])]),
      ...(latestJobId ? [latestJobId] : []),
    ]),
  ];
  if (productIds.length === 0) return () => undefined;
  const found = await getDb()
    .select({
      jobId: snapshotProducts.jobId,
      productId: snapshotProducts.productId,
      handle: snapshotProducts.handle,
      publishedAt: sql<string | null>`${snapshotProducts.data} ->> 'publishedAt'`,
    })
    .from(snapshotProducts)
    .where(and(inArray(snapshotProducts.jobId, jobIds), inArray(snapshotProducts.productId, productIds)));
  const byKey = new Map(found.map((f) => [`${f.jobId}:${f.productId}`, { handle: f.handle, publishedAt: f.publishedAt }]));

  return (row) =>
    row.productId === null
      ? undefined
      : (byKey.get(`${row.jobId}:${row.productId}`) ??
        (row.previousJobId ? byKey.get(`${row.previousJobId}:${row.productId}`) : undefined) ??
        (latestJobId ? byKey.get(`${latestJobId}:${row.productId}`) : undefined));
}

const percent = (before: number, after: number) => (before === 0 ? null : Math.round(((after - before) / before) * 1000) / 10);

/** Catalog events from changelog rows: subjects completed from the kept snapshots, evidence dated by the analyses. */
async function toEvents(store: Pick<Store, "id" | "latestJobId">, rows: Row[]): Promise<CatalogEvent[]> {
  if (rows.length === 0) return [];
  const facts = await snapshotFacts(rows, store.latestJobId);
  const jobIds = [...new Set(rows.flatMap((row) => [row.jobId, ...(row.previousJobId ? [row.previousJobId] : [])]))];
  const completed = new Map((await listCompletedJobs(store.id, { ids: jobIds })).map((job) => [job.id, job.completedAt]));
  const iso = (id: string | null) => (id ? (completed.get(id)?.toISOString() ?? null) : null);

  return rows.flatMap((row): CatalogEvent[] => {
    const kind = kindOf(row);
    if (!kind) return [];
    const fact = facts(row);
    const variant = row.subject === "product" ? null : Number(row.subjectId);
    const base = {
      id: row.id,
      subject: {
        product_id: row.productId ?? (row.subject === "product" ? Number(row.subjectId) : null),
        variant_id: variant,
        title: row.title,
        handle: text(field(row.after, "handle")) ?? text(field(row.before, "handle")) ?? fact?.handle ?? null,
      },
      evidence: {
        job_id: row.jobId,
        previous_job_id: row.previousJobId,
        analyzed_at: iso(row.jobId),
        previous_analyzed_at: iso(row.previousJobId),
      },
      occurred_at: row.createdAt.toISOString(),
    };
    switch (kind) {
      case "product_added":
        return [
          {
            kind,
            ...base,
            before: null,
            after: {
              handle: base.subject.handle,
              price_min: text(field(row.after, "priceMin")),
              published_at: text(field(row.after, "publishedAt")) ?? fact?.publishedAt ?? null,
            },
          },
        ];
      case "product_removed":
        return [{ kind, ...base, before: { handle: base.subject.handle }, after: null }];
      case "price_changed": {
        const price = (value: unknown) => ({ price: text(field(value, "price")), compare_at_price: text(field(value, "compareAtPrice")) });
        const [before, after] = [price(row.before), price(row.after)];
        const [old, now] = [Number(before.price), Number(after.price)];

        return [
          {
            kind,
            ...base,
            before,
            after,
            direction: now < old ? "down" : "up",
            change_percent: Number.isFinite(old) && Number.isFinite(now) ? percent(old, now) : null,
          },
        ];
      }
      case "sold_out":
        return [{ kind, ...base, before: { available: true }, after: { available: false } }];
      case "back_in_stock":
        return [{ kind, ...base, before: { available: false }, after: { available: true } }];
    }
  });
}

const selectRows = () =>
  getDb()
    .select({ entry: changelogEntries, cursorAt: sql<string>`${c.createdAt}::text` })
    .from(changelogEntries)
    .$dynamic();

const flatten = (rows: { entry: typeof changelogEntries.$inferSelect; cursorAt: string }[]): Row[] =>
  rows.map(({ entry, cursorAt }) => ({ ...entry, cursorAt }));

/**
 * How many of the store's completed analyses lost their snapshot to cleanup, and when the oldest
 * kept one completed (a snapshot of an empty catalog never had product rows, and counts as kept).
 */
async function snapshotsCleanedUp(storeId: string): Promise<{ count: number; keptSince: string | null }> {
  const completed = completedJobsSince(storeId, new Date(0));
  const kept = sql`(exists (select 1 from ${snapshotProducts} where ${snapshotProducts.jobId} = ${completed.id}) or coalesce(${completed.products}, 0) = 0)`;
  const [row] = await getDb()
    .select({
      count: sql<number>`(count(*) filter (where not ${kept}))::int`,
      keptSince: sql<Date | string | null>`min(${completed.completedAt}) filter (where ${kept})`,
    })
    .from(completed);
  const count = row?.count ?? 0;

  return { count, keptSince: count > 0 && row?.keptSince ? new Date(row.keptSince).toISOString() : null };
}

/** What the events cannot say for this store, in words. */
async function coverageOf(store: Pick<Store, "id" | "firstAnalyzedAt">) {
  const [{ total }, cleaned] = await Promise.all([listCompletionTimes(store.id, new Date(0), currentTime()), snapshotsCleanedUp(store.id)]);
  const notes =
    total === 0
      ? ["Not analyzed yet: no catalog events."]
      : total === 1
        ? ["Analyzed once: catalog events need two analyses, so none can be told yet."]
        : [
            "Changes are known between consecutive analyses only (not the exact day in between, nor a change undone before the next analysis); products are called added or removed only when both listings were read to the end.",
          ];
  if (cleaned.count > 0) {
    const since = cleaned.keptSince ? ` before ${cleaned.keptSince.slice(0, 10)}` : "";
    notes.push(
      `The snapshots of ${cleaned.count} older ${cleaned.count === 1 ? "analysis" : "analyses"}${since} were cleaned up: their events stay, but the handle of a product in a price or stock event is given only while a kept snapshot holds the product (null otherwise).`,
    );
  }

  return {
    analyses: total,
    first_analyzed_at: store.firstAnalyzedAt?.toISOString() ?? null,
    snapshots_cleaned_up: cleaned.count,
    snapshots_kept_since: cleaned.keptSince,
    note: notes.join(" "),
  };
}

/**
 * A store's catalog events, newest first, a page at a time by cursor: products added (with
 * their publish dates) and removed, variant prices changed (both prices, either direction),
 * variants sold out and back in stock. Read from the changelog, which snapshot cleanup keeps,
 * so old events stay; what the snapshots cannot say is in `coverage`.
 */
export async function listCatalogEvents(
  store: Pick<Store, "id" | "latestJobId" | "firstAnalyzedAt">,
  query: CatalogEventsQuery,
): Promise<CatalogEventPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = flatten(
    await selectRows()
      .where(
        and(
          eq(c.storeId, store.id),
          query.kind ? KIND_FILTERS[query.kind] : ANY_KIND,
          fromCompletedJob(c.jobId),
          after ? sql`(${c.createdAt}, ${c.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(query.limit + 1),
  );
  const page = rows.slice(0, query.limit);

  return {
    data: await toEvents(store, page),
    next_cursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
    coverage: await coverageOf(store),
  };
}

/**
 * The catalog events one analysis found against the store's previous one (none until it has
 * completed): what alerts read after the daily monitor's job.
 */
export async function listJobCatalogEvents(jobId: string): Promise<CatalogEvent[]> {
  const rows = flatten(
    await selectRows()
      .where(and(eq(c.jobId, jobId), ANY_KIND, fromCompletedJob(c.jobId)))
      .orderBy(c.subject, c.subjectId, c.id),
  );
  // The job's own snapshot names the products: it is its store's latest right after it completes.
  const store = rows[0] ? { id: rows[0].storeId, latestJobId: null } : null;

  return store ? toEvents(store, rows) : [];
}
