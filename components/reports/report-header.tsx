import { BasisBadge } from "./basis-badge";
import { formatCount, formatDate, formatPriceRange } from "./format";
import type { ReportView } from "@/lib/reports/load-report-view";
import type { Basis } from "@/lib/reports/report-view-schemas";
import { contentCutSummarySchema } from "@/lib/reports/schemas";

const SECTIONS = [
  ["products", "Products"],
  ["collections", "Collections"],
  ["pages", "Pages"],
  ["details", "Details"],
  ["theme-apps", "Theme & apps"],
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
export function contentCutNote(metadata: ReportView["metadata"]): string | null {
  const parsed = contentCutSummarySchema.safeParse(metadata.cut_to_limits?.value);
  if (!parsed.success || parsed.data.products === 0) return null;
  const { products, variants, images, tags, options, text_fields: fields, bytes } = parsed.data;
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

function Stat({ label, value, basis }: { label: string; value: string; basis: Basis }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <dt className="flex items-center justify-between gap-2 text-xs text-slate-500">
        {label} <BasisBadge basis={basis} />
      </dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

export function ReportHeader({ view }: { view: ReportView }) {
  const { summary, job } = view;
  const apps = view.metadata.apps?.value;
  const cutNote = contentCutNote(view.metadata);

  return (
    <header className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="space-y-1">
        <p className="text-xs font-medium uppercase tracking-wide text-indigo-700">Store report</p>
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{reportTitle(view)}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <a href={`https://${job.domain}`} rel="nofollow noopener noreferrer" target="_blank" className="text-indigo-700 hover:underline">
            {job.domain}
          </a>
          <span>Analyzed {formatDate(job.completed_at, true)}</span>
          <a href={`/api/reports/${job.id}`} className="text-slate-500 underline decoration-slate-300 hover:text-slate-800">
            JSON
          </a>
        </p>
        {job.listing_complete === false ? (
          <p className="text-sm text-amber-800">The product listing could not be read to the end; counts are a lower bound.</p>
        ) : null}
        {cutNote ? <p className="text-sm text-amber-800">{cutNote}</p> : null}
      </div>

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Products" value={formatCount(summary.product_count ?? view.productCount)} basis="derived" />
        <Stat label="Variants" value={formatCount(summary.variant_count)} basis="derived" />
        <Stat label="Available" value={formatCount(summary.available_product_count)} basis="derived" />
        <Stat label="Prices" value={formatPriceRange(summary.price_min, summary.price_max, reportCurrency(view))} basis="derived" />
        <Stat label="Collections" value={formatCount(summary.collection_count ?? view.collections.length)} basis="observed" />
        <Stat label="Pages" value={formatCount(summary.page_count ?? view.pages.length)} basis="observed" />
        <Stat label="Apps" value={Array.isArray(apps) ? formatCount(apps.length) : "—"} basis="derived" />
        <Stat label="Changes" value={formatCount(summary.changes)} basis="derived" />
      </dl>

      <nav aria-label="Report sections" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 text-sm">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-block whitespace-nowrap rounded-md px-2.5 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
