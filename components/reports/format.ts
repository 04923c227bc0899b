const integer = new Intl.NumberFormat("en-US");

export const formatCount = (value: number | null | undefined) => (value === null || value === undefined ? "—" : integer.format(value));

/** A count with its noun agreed: "1 store", "0 stores", "1,204 stores" (irregular nouns pass their plural). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/** Shopify prices are decimal strings in the shop's currency ("19.90"). */
export function formatPrice(value: string | null | undefined, currency: string | null): string {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return "—";
  if (!currency) return Number(value).toFixed(2);
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(Number(value));
  } catch {
    return `${Number(value).toFixed(2)} ${currency}`;
  }
}

export function formatPriceRange(min: string | null | undefined, max: string | null | undefined, currency: string | null): string {
  if (min === max || !max) return formatPrice(min, currency);

  return `${formatPrice(min, currency)} – ${formatPrice(max, currency)}`;
}

/**
 * The one date format: "26 Nov 2026", or "26 Nov 2026, 19:25 UTC" with the time. Always UTC and
 * a fixed locale, so the server and the browser render the same text and a reader in another
 * zone is told which one the time is in.
 */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";

  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short", timeZone: "UTC" } : { timeZone: "UTC" }),
  }).format(date) + (withTime ? " UTC" : "");
}
