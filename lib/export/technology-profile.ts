import { inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { reports, stores, type Store } from "@/db/schema";
import { readFindings } from "@/lib/findings";
import { listSightings, type SeenSpan } from "@/lib/history/list-sightings";
import { reportSummarySchema } from "@/lib/reports/schemas";
import { siteUrl } from "@/lib/site-url";
import { storeTechnologiesOf } from "@/lib/store-directory/store-technologies";
import type { TechnologyProfile } from "./schemas";

/** One store and the analysis its profile is read from (its latest, or the report asked for). */
export type ProfileSource = { storeId: string; jobId: string };

const priceRange = reportSummarySchema.pick({ price_min: true, price_max: true, product_count: true }).partial();

const span = (spans: Map<string, SeenSpan> | undefined, key: string) => spans?.get(key) ?? { first_seen: null, last_seen: null };

/**
 * The technology profiles of a page of stores, in the order given: two queries for the page
 * (stores, reports) and one for the technologies' first and last sightings. Technology comes
 * from the report's findings through readFindings, the one typed reader of stored reports.
 */
export async function readTechnologyProfiles(sources: readonly ProfileSource[], evidence: boolean): Promise<TechnologyProfile[]> {
  if (sources.length === 0) return [];
  const storeIds = [...new Set(sources.map((s) => s.storeId))];
  const [storeRows, reportRows, sightings] = await Promise.all([
    getDb().select().from(stores).where(inArray(stores.id, storeIds)),
    getDb()
      .select({ jobId: reports.jobId, metadata: reports.metadata, summary: reports.summary, createdAt: reports.createdAt })
      .from(reports)
      .where(
        inArray(
          reports.jobId,
          sources.map((s) => s.jobId),
        ),
      ),
    listSightings(storeIds),
  ]);
  const storeById = new Map(storeRows.map((row) => [row.id, row]));
  const reportByJob = new Map(reportRows.map((row) => [row.jobId, row]));

  return sources.flatMap(({ storeId, jobId }) => {
    const store = storeById.get(storeId);
    const report = reportByJob.get(jobId);
    return store && report ? [profileOf(store, jobId, report, sightings.get(storeId), evidence)] : [];
  });
}

function profileOf(
  store: Store,
  jobId: string,
  report: { metadata: unknown; summary: unknown; createdAt: Date },
  spans: Map<string, SeenSpan> | undefined,
  evidence: boolean,
): TechnologyProfile {
  const findings = readFindings(report.metadata);
  const technologies = storeTechnologiesOf(report.metadata);
  const summary = priceRange.safeParse(report.summary);
  const prices = summary.success ? summary.data : {};
  const theme = findings.theme?.value ?? null;
  const socials = findings.socials?.value;
  const withEvidence = (text: string | undefined) => (evidence ? { evidence: text ?? "" } : {});

  return {
    domain: store.domain,
    slug: store.slug,
    name: store.name,
    store_url: `${siteUrl()}/stores/${store.slug}`,
    job_id: jobId,
    analyzed_at: report.createdAt.toISOString(),
    country: store.country,
    currency: store.currency,
    theme: theme
      ? {
          name: theme.schemaName ?? theme.name,
          version: theme.schemaVersion,
          theme_store_id: theme.themeStoreId,
          ...withEvidence(theme.evidence),
          ...span(spans, "theme:theme"),
        }
      : null,
    apps: (findings.apps?.value ?? []).map((app) => ({
      slug: app.slug,
      name: app.name,
      category: app.category,
      ...withEvidence(app.evidence),
      ...span(spans, `app:${app.slug}`),
    })),
    tags: (findings.marketing?.value.tags ?? []).map((tag) => ({
      kind: tag.kind,
      name: tag.name,
      id: tag.id,
      ...withEvidence(tag.evidence),
    })),
    socials: (socials?.profiles ?? []).map(({ network, url, handle }) => ({ network, url, handle })),
    contact: { emails: (socials?.emails ?? []).map((e) => e.address), phones: (socials?.phones ?? []).map((p) => p.number) },
    languages: technologies.languages,
    markets: technologies.markets,
    agent_readiness: technologies.agent,
    product_count: prices.product_count ?? store.productCount,
    price_range: { min: prices.price_min ?? null, max: prices.price_max ?? null, currency: store.currency },
    first_seen: store.firstAnalyzedAt?.toISOString() ?? null,
    last_seen: store.lastAnalyzedAt?.toISOString() ?? null,
  };
}
