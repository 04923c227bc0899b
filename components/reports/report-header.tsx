import type { ReactNode } from "react";
import { formatCount, formatDate, formatPriceRange } from "@/components/ui/format";
import type { ReportView } from "@/lib/report-view/load-report-view";
import type { StoredFindings } from "@/lib/findings";
import { ProvenanceLegend } from "./provenance";

const SECTIONS = [
  ["overview", "Overview"],
  ["products", "Products"],
  ["collections", "Collections"],
  ["pages", "Pages"],
  ["details", "Details"],
  ["theme-apps", "Theme & apps"],
  ["marketing", "Marketing"],
  ["pagespeed", "PageSpeed"],
  ["changes", "Changes"],
] as const;

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

/** The Changes tile: a count only when there was an earlier analysis to compare with. */
export function changesValue(view: Pick<ReportView, "summary" | "changelog">): string {
  if (!view.changelog.previous_job_id) return "First analysis";

  return formatCount(view.summary.changes ?? view.changelog.pagination.total);
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
  const apps = view.metadata.apps?.value;
  const cutNote = contentCutNote(view.findings);

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

      {actions}

      <div className="space-y-2">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label="Products" value={formatCount(summary.product_count ?? view.productCount)} />
          <Stat label="Variants" value={formatCount(summary.variant_count)} />
          <Stat label="Available" value={formatCount(summary.available_product_count)} />
          <Stat label="Prices" value={formatPriceRange(summary.price_min, summary.price_max, reportCurrency(view))} />
          <Stat label="Collections" value={formatCount(summary.collection_count ?? view.collections.length)} />
          <Stat label="Pages" value={formatCount(summary.page_count ?? view.pages.length)} />
          <Stat label="Apps" value={Array.isArray(apps) ? formatCount(apps.length) : "—"} />
          <Stat label="Changes" value={changesValue(view)} />
        </dl>
        <ProvenanceLegend />
      </div>

      <nav aria-label="Report sections" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 text-sm">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-block whitespace-nowrap rounded-md px-2.5 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
