import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobArtifacts, reports, snapshotProducts, type Job, type Store } from "@/db/schema";
import { listCompletedJobs } from "@/lib/jobs/list-completed-jobs";
import { currentTime } from "@/lib/time-of-record";
import { ApiError } from "@/lib/http/errors";
import { createProductStreamDiff } from "@/lib/snapshots/diff-product-stream";
import { diffCollectionsAndPages, type Change } from "@/lib/snapshots/diff-snapshots";
import { streamSnapshotProducts } from "@/lib/snapshots/snapshot-products";
import { collectionSchema, pageSchema } from "@/lib/shopify-reader/schemas";
import { createChangeTally } from "./change-types";
import { listStoreSnapshots } from "./store-snapshots";
import { HEAT_GRAPH_DAYS } from "./heat-graph";
import {
  COMPARE_CATEGORIES,
  COMPARE_MAX_ITEMS,
  type CompareCategory,
  type CompareItem,
  type CompareQuery,
  type SnapshotComparison,
} from "./schemas";

const SUBJECT_CATEGORY: Record<Change["subject"], CompareCategory> = {
  product: "products",
  variant: "variants",
  price: "prices",
  availability: "availability",
  collection: "collections",
  page: "pages",
};

const storefrontSchema = z.object({
  theme: z.object({ name: z.string().nullable(), id: z.number().nullable() }).nullable(),
  apps: z.array(z.object({ slug: z.string(), name: z.string() })),
});

type Item = CompareItem;

async function pickJobs(store: Store, query: CompareQuery): Promise<[Job, Job]> {
  if (query.from && query.to) {
    const found = await listCompletedJobs(store.id, { ids: [query.from, query.to] });
    const from = found.find((job) => job.id === query.from);
    const to = found.find((job) => job.id === query.to);
    if (!from || !to) throw new ApiError("not_found", "Both from and to must be completed jobs of this store");

    return [from, to];
  }
  const latest = await listCompletedJobs(store.id, { limit: 2 });
  if (latest.length < 2)
    throw new ApiError("conflict", "The store needs two completed snapshots to compare", { extra: { snapshots: latest.length } });

  return [latest[1]!, latest[0]!];
}

/** A snapshot's collections, pages and storefront; its products are streamed, never loaded whole. */
async function loadSnapshotContent(job: Job) {
  const [kept] = await getDb()
    .select({ id: snapshotProducts.productId })
    .from(snapshotProducts)
    .where(eq(snapshotProducts.jobId, job.id))
    .limit(1);
  const [report] = await getDb()
    .select({ collections: reports.collections, pages: reports.pages })
    .from(reports)
    .where(eq(reports.jobId, job.id));
  if (!kept && (job.counts.products ?? 0) > 0) {
    throw new ApiError("conflict", `The snapshot of job ${job.id} was removed by cleanup; compare newer snapshots`, {
      extra: { job_id: job.id },
    });
  }
  const [artifact] = await getDb()
    .select({ data: jobArtifacts.data })
    .from(jobArtifacts)
    .where(and(eq(jobArtifacts.jobId, job.id), eq(jobArtifacts.kind, "storefront")));
  const storefront = storefrontSchema.safeParse(artifact?.data);
  const content = {
    collections: z
      .array(collectionSchema)
      .catch([])
      .parse(report?.collections ?? []),
    pages: z
      .array(pageSchema)
      .catch([])
      .parse(report?.pages ?? []),
    listingComplete: job.listingComplete ?? false,
  };

  return { content, storefront: storefront.success ? storefront.data : null };
}

/** Per category: the totals of every item, but only the first COMPARE_MAX_ITEMS items kept. */
function createCategoryTally() {
  const kept = Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, [] as Item[]])) as Record<CompareCategory, Item[]>;
  const totals = Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, { added: 0, removed: 0, changed: 0 }])) as Record<
    CompareCategory,
    Record<Item["change"], number>
  >;
  const changes = createChangeTally();
  const add = (category: CompareCategory, item: Item) => {
    totals[category][item.change]++;
    if (kept[category].length < COMPARE_MAX_ITEMS) kept[category].push(item);
  };

  return {
    addChanges(batch: Change[]) {
      changes.add(batch);
      for (const change of batch) {
        add(SUBJECT_CATEGORY[change.subject], {
          change: change.change,
          id: change.subjectId,
          product_id: change.productId ?? null,
          handle: null,
          title: change.title,
          before: change.before,
          after: change.after,
        });
      }
    },
    add,
    kept: () => Object.values(kept).flat(),
    changes: () => ({ total: changes.total(), counts: changes.counts() }),
    summary(category: CompareCategory) {
      const items = kept[category];
      const counted = totals[category];

      return {
        totals: counted,
        truncated: counted.added + counted.removed + counted.changed > items.length,
        added: items.filter((i) => i.change === "added"),
        removed: items.filter((i) => i.change === "removed"),
        changed: items.filter((i) => i.change === "changed"),
      };
    },
  };
}

function storefrontChanges(before: z.infer<typeof storefrontSchema> | null, after: z.infer<typeof storefrontSchema> | null) {
  const apps: Item[] = [];
  const theme: Item[] = [];
  if (!before || !after) return { apps, theme };
  const old = new Map(before.apps.map((app) => [app.slug, app]));
  const now = new Map(after.apps.map((app) => [app.slug, app]));
  for (const [slug, app] of now)
    if (!old.has(slug))
      apps.push({ change: "added", id: slug, product_id: null, handle: null, title: app.name, before: null, after: { slug } });
  for (const [slug, app] of old)
    if (!now.has(slug))
      apps.push({ change: "removed", id: slug, product_id: null, handle: null, title: app.name, before: { slug }, after: null });
  if ((before.theme?.name ?? null) !== (after.theme?.name ?? null) || (before.theme?.id ?? null) !== (after.theme?.id ?? null)) {
    theme.push({
      change: "changed",
      id: "theme",
      product_id: null,
      handle: null,
      title: after.theme?.name ?? null,
      before: before.theme,
      after: after.theme,
    });
  }

  return { apps, theme };
}

/** The handles of the kept items' products, from the newer snapshot (the older one for a removed product). */
async function attachHandles(items: Item[], fromJobId: string, toJobId: string): Promise<void> {
  const ids = [...new Set(items.flatMap((item) => (item.product_id === null ? [] : [item.product_id])))];
  if (ids.length === 0) return;
  const handles = new Map<string, string>();
  for (const jobId of [fromJobId, toJobId]) {
    const rows = await getDb()
      .select({ id: snapshotProducts.productId, handle: snapshotProducts.handle })
      .from(snapshotProducts)
      .where(and(eq(snapshotProducts.jobId, jobId), inArray(snapshotProducts.productId, ids)));
    for (const row of rows) handles.set(`${jobId}:${row.id}`, row.handle);
  }
  for (const item of items) {
    if (item.product_id === null) continue;
    item.handle = handles.get(`${toJobId}:${item.product_id}`) ?? handles.get(`${fromJobId}:${item.product_id}`) ?? null;
  }
}

/**
 * GET /api/store-detail/:slug/compare: added, removed and changed items by category between
 * two snapshots, at most 500 per category with totals and a truncated flag, the number of changes
 * by the heat graph's definition (change-types.ts), and the snapshots one may pick instead. A
 * snapshot whose listing was incomplete never reports removals (diffSnapshots).
 */
export async function compareSnapshots(store: Store, query: CompareQuery): Promise<SnapshotComparison> {
  const [fromJob, toJob] = await pickJobs(store, query);
  const [from, to] = [await loadSnapshotContent(fromJob), await loadSnapshotContent(toJob)];
  const tally = createCategoryTally();
  // Both snapshots walked side by side in product-id order: two 30,000-product catalogs are
  // never held at once, only the first items of each category.
  const diff = createProductStreamDiff(streamSnapshotProducts(fromJob.id), {
    previousComplete: from.content.listingComplete,
    currentComplete: to.content.listingComplete,
  });
  for await (const batch of streamSnapshotProducts(toJob.id)) tally.addChanges(await diff.diffBatch(batch));
  tally.addChanges(await diff.finish());
  tally.addChanges(diffCollectionsAndPages(from.content, to.content));
  const { apps, theme } = storefrontChanges(from.storefront, to.storefront);
  for (const item of apps) tally.add("apps", item);
  for (const item of theme) tally.add("theme", item);

  await attachHandles(tally.kept(), fromJob.id, toJob.id);
  const snapshotView = (job: Job) => ({
    job_id: job.id,
    completed_at: job.completedAt?.toISOString() ?? null,
    listing_complete: job.listingComplete ?? false,
    products: job.counts.products ?? null,
  });

  return {
    from: snapshotView(fromJob),
    to: snapshotView(toJob),
    max_items_per_category: COMPARE_MAX_ITEMS,
    changes: tally.changes(),
    removals_reported: to.content.listingComplete,
    categories: Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, tally.summary(c)])) as Record<
      CompareCategory,
      ReturnType<typeof tally.summary>
    >,
    snapshots: await listStoreSnapshots(store.id, new Date(currentTime().getTime() - HEAT_GRAPH_DAYS * 86_400_000)),
  };
}
