import { FINDINGS, type StoredFindings, type Words } from "@/lib/findings";
import type { Basis, Labelled } from "@/lib/report-view/schemas";
import { formatCount, formatCountry, formatCurrency } from "@/components/ui/format";

/**
 * One line of the store details: its label, its value in words, and how that value came to be
 * when there is more to say than its group's heading does.
 */
export type DetailRow = { key: string; label: string; value: string; basis: Basis; how: string | null };

/**
 * Metadata fields in reading order, with how each one is obtained; the findings follow in their
 * declared order (lib/findings), those with a section of their own left out.
 */
const FIELDS: Record<string, { label: string; how?: string }> = {
  name: { label: "Store name" },
  description: { label: "Description" },
  domain: { label: "Domain" },
  myshopify_domain: { label: "myshopify.com domain" },
  country: { label: "Country" },
  city: { label: "City" },
  base_currency: { label: "Base currency" },
  presentment_currency: {
    label: "Shopper currency",
    how: "The currency the storefront showed our visit; shoppers elsewhere may see another.",
  },
  ships_to_countries: { label: "Ships to" },
  published_products_count: {
    label: "Products (announced)",
    how: "The count the store announces about itself, which can differ from what it lists.",
  },
  published_collections_count: { label: "Collections (announced)" },
  storefront_title: { label: "Storefront title" },
  products_read: { label: "Products read", how: "Products counted as the store's product listing was read." },
  listing_complete: {
    label: "Product listing complete",
    how: "Whether the product listing was read to its last page; when not, counts are a lower bound.",
  },
  completeness: {
    label: "Completeness check",
    how: "The product listing is compared with the store's product sitemap when the sitemap can be read.",
  },
  products_recovered: { label: "Products recovered", how: "Products in the sitemap but missing from the listing, read one by one." },
  collections_complete: { label: "Collections complete", how: "Whether the collections were read to the last page." },
  pages_complete: { label: "Pages complete", how: "Whether the pages were read to the last page." },
  exposes_inventory: {
    label: "Shows stock quantities",
    how: "Whether the store's public product data includes how many units are in stock.",
  },
};
const FINDING_KEYS: ReadonlySet<string> = new Set(FINDINGS.map((finding) => finding.key));
const SHOWN_AT_MOST = 12;

const ESTIMATED = "Estimated by StoreLens, with uncertainty.";

const sentenceCase = (text: string) => text.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

function listOf(items: string[]): string {
  const shown = items.slice(0, SHOWN_AT_MOST).join(", ");

  return items.length > SHOWN_AT_MOST ? `${shown} and ${formatCount(items.length - SHOWN_AT_MOST)} more` : shown;
}

function completenessText(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const { basis, sitemap_products: sitemap, recovered, gone_during_crawl: gone } = value as Record<string, unknown>;
  const parts =
    basis === "listing+sitemap"
      ? [`Checked against the product sitemap${typeof sitemap === "number" ? ` (${formatCount(sitemap)} products)` : ""}`]
      : ["From the product listing only; the sitemap could not be read"];
  if (typeof recovered === "number" && recovered > 0) parts.push(`${formatCount(recovered)} recovered from the sitemap`);
  if (typeof gone === "number" && gone > 0) parts.push(`${formatCount(gone)} removed while the store was read`);

  return parts.join("; ");
}

/** How the pages put a finding's figures and codes in words (lib/findings hands it to a finding's `text`). */
export const WORDS: Words = { count: (value) => formatCount(value), country: formatCountry, list: listOf };

/** Any value in words: never JSON, whatever a report written later puts in its metadata. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatCount(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return listOf(value.map(valueText).filter(Boolean));
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => [sentenceCase(key), valueText(inner)] as const)
      .filter(([, text]) => text)
      .map(([key, text]) => `${key}: ${text}`)
      .join("; ");
  }

  return String(value);
}

function fieldText(key: string, value: unknown): string {
  switch (key) {
    case "country":
      return typeof value === "string" ? formatCountry(value) : valueText(value);
    case "base_currency":
    case "presentment_currency":
      return typeof value === "string" ? formatCurrency(value) : valueText(value);
    case "ships_to_countries":
      return Array.isArray(value) ? listOf(value.map((code) => formatCountry(String(code)))) : valueText(value);
    case "completeness":
      return completenessText(value) ?? valueText(value);
    default:
      return valueText(value);
  }
}

/**
 * The report's metadata as lines to read, known fields first in a fixed order, fields of later
 * reports after them; empty values are left out. Split by how the values came to be, so the
 * page says it once per group rather than on every line.
 */
export function storeDetailRows(
  metadata: Record<string, Labelled>,
  findings: StoredFindings,
): { observed: DetailRow[]; derived: DetailRow[] } {
  const row = (key: string, basis: Basis, label: string, value: string, how: string | undefined): DetailRow => ({
    key,
    label,
    value,
    basis,
    how: how ?? (basis === "estimated" ? ESTIMATED : null),
  });
  const stored = findings as Record<string, { value: unknown; basis: Basis } | undefined>;
  const rows = [
    ...Object.keys(FIELDS)
      .filter((key) => metadata[key])
      .map((key) => row(key, metadata[key]!.basis, FIELDS[key]!.label, fieldText(key, metadata[key]!.value), FIELDS[key]!.how)),
    ...FINDINGS.flatMap((finding) => {
      const found = stored[finding.key];
      if (!found || !("detail" in finding.page)) return [];
      const { label, how, text } = finding.page.detail as { label: string; how?: string; text: (value: unknown, words: Words) => string };

      return [row(finding.key, found.basis, label, text(found.value, WORDS), how)];
    }),
    ...Object.keys(metadata)
      .filter((key) => !FINDING_KEYS.has(key) && !(key in FIELDS))
      .map((key) => row(key, metadata[key]!.basis, sentenceCase(key), valueText(metadata[key]!.value), undefined)),
  ].filter((detail) => detail.value !== "");

  return { observed: rows.filter((row) => row.basis === "observed"), derived: rows.filter((row) => row.basis !== "observed") };
}
