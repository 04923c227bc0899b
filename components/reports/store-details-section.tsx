import { BasisBadge } from "./basis-badge";
import { formatCount } from "./format";
import { EmptyNote, ReportSection } from "./report-section";
import type { Labelled } from "@/lib/reports/report-view-schemas";

/** Metadata fields in reading order; theme and apps have their own section. */
const FIELDS: [key: string, label: string][] = [
  ["name", "Store name"],
  ["description", "Description"],
  ["domain", "Domain"],
  ["myshopify_domain", "myshopify.com domain"],
  ["country", "Country"],
  ["city", "City"],
  ["base_currency", "Base currency"],
  ["presentment_currency", "Shopper currency"],
  ["ships_to_countries", "Ships to"],
  ["published_products_count", "Products (announced)"],
  ["products_read", "Products read"],
  ["published_collections_count", "Collections (announced)"],
  ["listing_complete", "Product listing complete"],
  ["collections_complete", "Collections complete"],
  ["pages_complete", "Pages complete"],
  ["exposes_inventory", "Exposes inventory quantities"],
  ["storefront_title", "Storefront title"],
];
const SHOWN_ELSEWHERE = new Set(["theme", "apps"]);

const humanize = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatCount(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "—";
    const shown = value.slice(0, 12).map(String).join(", ");

    return value.length > 12 ? `${shown} and ${value.length - 12} more` : shown;
  }
  if (typeof value === "object") return JSON.stringify(value);

  return String(value);
}

export function StoreDetailsSection({ metadata }: { metadata: Record<string, Labelled> }) {
  const known = FIELDS.filter(([key]) => metadata[key]);
  // Fields added to reports later still show, after the known ones.
  const extra = Object.keys(metadata)
    .filter((key) => !SHOWN_ELSEWHERE.has(key) && !FIELDS.some(([known]) => known === key))
    .map((key): [string, string] => [key, humanize(key)]);
  const rows = [...known, ...extra];

  return (
    <ReportSection id="details" title="Store details" aside={<span className="text-xs">Each value says how it was obtained.</span>}>
      {rows.length === 0 ? (
        <EmptyNote>No store details in this report.</EmptyNote>
      ) : (
        <dl className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
          {rows.map(([key, label]) => {
            const field = metadata[key]!;

            return (
              <div key={key} className="flex items-start justify-between gap-3 border-b border-slate-100 py-2 text-sm">
                <dt className="text-slate-500">{label}</dt>
                <dd className="flex min-w-0 items-start gap-2 text-right text-slate-800">
                  <span className="min-w-0 wrap-anywhere">{formatValue(field.value)}</span>
                  <BasisBadge basis={field.basis} />
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </ReportSection>
  );
}
