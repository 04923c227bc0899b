import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobArtifacts, jobs, reports, snapshotProducts, type Job, type Store } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { diffSnapshots, type Change, type Snapshot } from "@/lib/reports/diff-snapshots";
import { loadSnapshotProducts } from "@/lib/reports/snapshot-products";
import { collectionSchema, pageSchema } from "@/lib/shopify/schemas";
import { COMPARE_CATEGORIES, COMPARE_MAX_ITEMS, type CompareCategory, type CompareQuery } from "./schemas";

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

type Item = { change: Change["change"]; id: string; title: string | null; before: unknown; after: unknown };

async function pickJobs(store: Store, query: CompareQuery): Promise<[Job, Job]> {
  if (query.from && query.to) {
    const found = await getDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.storeId, store.id), eq(jobs.status, "completed"), inArray(jobs.id, [query.from, query.to])));
    const from = found.find((job) => job.id === query.from);
    const to = found.find((job) => job.id === query.to);
    if (!from || !to) throw new ApiError("not_found", "Both from and to must be completed jobs of this store");

    return [from, to];
  }
  const latest = await getDb()
    .select()
    .from(jobs)
    .where(and(eq(jobs.storeId, store.id), eq(jobs.status, "completed")))
    .orderBy(desc(jobs.completedAt))
    .limit(2);
  if (latest.length < 2) throw new ApiError("conflict", "The store needs two completed snapshots to compare", { extra: { snapshots: latest.length } });

  return [latest[1]!, latest[0]!];
}

async function loadSnapshot(job: Job) {
  const [kept] = await getDb().select({ id: snapshotProducts.productId }).from(snapshotProducts).where(eq(snapshotProducts.jobId, job.id)).limit(1);
  const [report] = await getDb().select({ collections: reports.collections, pages: reports.pages }).from(reports).where(eq(reports.jobId, job.id));
  if (!kept && (job.counts.products ?? 0) > 0) {
    throw new ApiError("conflict", `The snapshot of job ${job.id} was removed by cleanup; compare newer snapshots`, { extra: { job_id: job.id } });
  }
  const [artifact] = await getDb()
    .select({ data: jobArtifacts.data })
    .from(jobArtifacts)
    .where(and(eq(jobArtifacts.jobId, job.id), eq(jobArtifacts.kind, "storefront")));
  const storefront = storefrontSchema.safeParse(artifact?.data);
  const snapshot: Snapshot = {
    products: await loadSnapshotProducts(job.id),
    collections: z.array(collectionSchema).catch([]).parse(report?.collections ?? []),
    pages: z.array(pageSchema).catch([]).parse(report?.pages ?? []),
    listingComplete: job.listingComplete ?? false,
  };

  return { snapshot, storefront: storefront.success ? storefront.data : null };
}

function storefrontChanges(before: z.infer<typeof storefrontSchema> | null, after: z.infer<typeof storefrontSchema> | null) {
  const apps: Item[] = [];
  const theme: Item[] = [];
  if (!before || !after) return { apps, theme };
  const old = new Map(before.apps.map((app) => [app.slug, app]));
  const now = new Map(after.apps.map((app) => [app.slug, app]));
  for (const [slug, app] of now) if (!old.has(slug)) apps.push({ change: "added", id: slug, title: app.name, before: null, after: { slug } });
  for (const [slug, app] of old) if (!now.has(slug)) apps.push({ change: "removed", id: slug, title: app.name, before: { slug }, after: null });
  if ((before.theme?.name ?? null) !== (after.theme?.name ?? null) || (before.theme?.id ?? null) !== (after.theme?.id ?? null)) {
    theme.push({ change: "changed", id: "theme", title: after.theme?.name ?? null, before: before.theme, after: after.theme });
  }

  return { apps, theme };
}

function summarize(items: Item[]) {
  const totals = { added: 0, removed: 0, changed: 0 };
  for (const item of items) totals[item.change]++;
  const kept = items.slice(0, COMPARE_MAX_ITEMS);

  return {
    totals,
    truncated: items.length > kept.length,
    added: kept.filter((i) => i.change === "added"),
    removed: kept.filter((i) => i.change === "removed"),
    changed: kept.filter((i) => i.change === "changed"),
  };
}

/**
 * GET /api/store-detail/:slug/compare: added, removed and changed items by category between
 * two snapshots, at most 500 per category with totals and a truncated flag. A snapshot whose
 * listing was incomplete never reports removals (diffSnapshots).
 */
export async function compareSnapshots(store: Store, query: CompareQuery) {
  const [fromJob, toJob] = await pickJobs(store, query);
  const [from, to] = [await loadSnapshot(fromJob), await loadSnapshot(toJob)];
  const byCategory = Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, [] as Item[]])) as Record<CompareCategory, Item[]>;
  for (const change of diffSnapshots(from.snapshot, to.snapshot)) {
    byCategory[SUBJECT_CATEGORY[change.subject]].push({ change: change.change, id: change.subjectId, title: change.title, before: change.before, after: change.after });
  }
  const { apps, theme } = storefrontChanges(from.storefront, to.storefront);
  byCategory.apps.push(...apps);
  byCategory.theme.push(...theme);

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
    removals_reported: to.snapshot.listingComplete,
    categories: Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, summarize(byCategory[c])])) as Record<CompareCategory, ReturnType<typeof summarize>>,
  };
}
