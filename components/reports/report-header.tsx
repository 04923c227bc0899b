import Link from "next/link";
import type { ReactNode } from "react";
import { formatCount, formatDate, formatPriceRange } from "@/components/ui/format";
import type { ReportView } from "@/lib/report-view/load-report-view";
import { catalogThemeName } from "@/lib/store-directory/theme-name";
import type { StoredFindings } from "@/lib/findings";

export function reportTitle(view: ReportView): string {
  const name = view.metadata.name?.value;

  return typeof name === "string" && name ? name : (view.store.name ?? view.store.domain);
}

export function reportCurrency(view: ReportView): string | null {
  const shopper = view.metadata.presentment_currency?.value;
  const base = view.metadata.base_currency?.value;
  if (typeof shopper === "string" && shopper) return shopper;
  if (typeof base === "string" && base) return base;

  return view.store.currency;
}

/** One line when the limits on store content left anything out, or null. */
export function contentCutNote(findings: StoredFindings): string | null {
  const cut = findings.cut_to_limits?.value;
  if (!cut || cut.products === 0) return null;
  const { products, variants, images, tags, options, text_fields: fields, bytes } = cut;
  const parts = [
    [variants, "variants"],
    [images, "images"],
    [tags, "tags"],
    [options, "options and values"],
    [fields, "text values shortened"],
    [bytes, "bytes of text"],
  ] as const;
  const what = parts.filter(([count]) => count > 0).map(([count, label]) => `${formatCount(count)} ${label}`);

  return `${formatCount(products)} ${products === 1 ? "product" : "products"} went past the limits on what a report keeps and ${products === 1 ? "was" : "were"} cut: ${what.join(", ")}.`;
}

/** The Changes figure: a count only when there was an earlier analysis to compare with, else no figure. */
export function changesValue(view: Pick<ReportView, "summary" | "changelog">): string | null {
  if (!view.changelog.previous_job_id) return null;

  return formatCount(view.summary.changes ?? view.changelog.pagination.total);
}

/** The apps figure everywhere on the report: apps by others than Shopify (its own are listed apart). */
export function thirdPartyApps(view: Pick<ReportView, "findings">): number {
  return (view.findings.apps?.value ?? []).filter((app) => !app.first_party).length;
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The report in three short sentences: what the store runs, how big it is, what changed. */
export function reportSummary(
  view: Pick<ReportView, "summary" | "changelog" | "findings" | "productCount">,
  currency: string | null,
): string[] {
  const themeName = catalogThemeName(view.findings.theme?.value);
  const apps = thirdPartyApps(view);
  const runs = `${themeName ? `Runs the ${themeName} theme` : "Runs a theme we could not name"} with ${plural(apps, "app", "apps")}.`;

  const products = view.summary.product_count ?? view.productCount;
  const { price_min: min, price_max: max } = view.summary;
  const size = `${plural(products, "product", "products")}${min != null && max != null ? `, priced ${formatPriceRange(min, max, currency)}` : ""}.`;

  const changes = changesValue(view);
  const since = view.changelog.previous_completed_at ? formatDate(view.changelog.previous_completed_at) : "the previous analysis";
  const changed =
    changes === null ? "First analysis of this store." : `${changes} ${changes === "1" ? "change" : "changes"} since ${since}.`;

  return [runs, size, changed];
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/** The report's title, what it covers, the actions a viewer may take, the key figures and the section links. */
export function ReportHeader({ view, actions }: { view: ReportView; actions: ReactNode }) {
  const { summary, job } = view;
  const cutNote = contentCutNote(view.findings);
  const currency = reportCurrency(view);
  const changes = changesValue(view);

  if (view.sample) return <SampleReportHeader view={view} sample={view.sample} />;

  return (
    <header className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="space-y-1">
        <p className="text-xs font-medium uppercase tracking-wide text-indigo-700">Store report</p>
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{reportTitle(view)}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <a href={`https://${job.domain}`} rel="nofollow noopener noreferrer" target="_blank" className="text-indigo-700 hover:underline">
            {job.domain}
          </a>
          <span>
            Analyzed <time dateTime={job.completed_at ?? undefined}>{formatDate(job.completed_at, true)}</time>
          </span>
        </p>
        {job.listing_complete === false ? (
          <p className="text-sm text-amber-800">The product listing could not be read to the end; counts are a lower bound.</p>
        ) : null}
        {cutNote ? <p className="text-sm text-amber-800">{cutNote}</p> : null}
      </div>

      <p className="max-w-3xl text-base text-slate-800">{reportSummary(view, currency).join(" ")}</p>

      {actions}

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Products" value={formatCount(summary.product_count ?? view.productCount)} />
        <Stat label="Variants" value={formatCount(summary.variant_count)} />
        <Stat label="Available" value={formatCount(summary.available_product_count)} />
        <Stat label="Prices" value={formatPriceRange(summary.price_min, summary.price_max, currency)} />
        <Stat label="Collections" value={formatCount(summary.collection_count ?? view.collections.length)} />
        <Stat label="Pages" value={formatCount(summary.page_count ?? view.pages.length)} />
        <Stat label="Apps" value={view.findings.apps ? formatCount(thirdPartyApps(view)) : "—"} />
        {changes === null ? null : <Stat label="Changes" value={changes} />}
      </dl>
    </header>
  );
}

/**
 * The sample report's header: labelled as a sample of a bundled capture, its date and what it
 * lacks said up front, and an invitation in place of the actions (there is no live store to track).
 */
function SampleReportHeader({ view, sample }: { view: ReportView; sample: NonNullable<ReportView["sample"]> }) {
  const theme = view.findings.theme?.value;
  const themeName = theme?.schemaName ?? theme?.name ?? null;

  return (
    <header className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="space-y-1">
        <p className="text-xs font-medium uppercase tracking-wide text-amber-800">Sample report</p>
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{reportTitle(view)}</h1>
        <p className="text-sm text-slate-600">
          Captured from {sample.capturedFrom} by <time dateTime={sample.capturedOn}>{formatDate(sample.capturedOn)}</time>
        </p>
      </div>
      <p role="note" className="max-w-3xl rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        A sample, not live data: StoreLens built this report when it first started, from a copy of {sample.capturedFrom}&apos;s home page
        bundled with it ({sample.source}). Nothing was requested from the store. The copy holds the home page only, so the theme, apps, tags
        and languages are here, and the catalog, collections and pages are not.
      </p>
      <p className="max-w-3xl text-base text-slate-800">
        {themeName ? `Runs the ${themeName} theme` : "Runs a theme we could not name"} with {plural(thirdPartyApps(view), "app", "apps")}{" "}
        and {plural(view.findings.marketing?.value.tags.length ?? 0, "tag", "tags")}.
      </p>
      <Link
        href="/#analyze"
        className="inline-block rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
      >
        Analyze your own store
      </Link>
    </header>
  );
}
