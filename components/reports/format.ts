const integer = new Intl.NumberFormat("en-US");

export const formatCount = (value: number | null | undefined) => (value === null || value === undefined ? "—" : integer.format(value));

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

/** Dates render on the server: a fixed locale and UTC keep the output stable. */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";

  return new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short", timeZone: "UTC" } : { timeZone: "UTC" }),
  }).format(date) + (withTime ? " UTC" : "");
}

/** "a few seconds left", "about 25 s left", "about 4 min left": an estimate, rounded as one. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return "a few seconds left";
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} s left`;
  if (seconds < 3600) return `about ${Math.ceil(seconds / 60)} min left`;

  return `about ${Math.round(seconds / 360) / 10} h left`;
}
