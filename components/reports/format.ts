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

const regionNames = new Intl.DisplayNames("en", { type: "region", fallback: "code" });
const currencyNames = new Intl.DisplayNames("en", { type: "currency", fallback: "code" });

/** A country's English name from its ISO code ("PT" → "Portugal"); an unknown code reads as itself. */
export function formatCountry(code: string | null | undefined): string {
  if (!code) return "—";
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A currency's name with its code ("EUR" → "Euro (EUR)"): the code alone is opaque to many readers. */
export function formatCurrency(code: string | null | undefined): string {
  if (!code) return "—";
  try {
    const name = currencyNames.of(code.toUpperCase());

    return name && name.toUpperCase() !== code.toUpperCase() ? `${name} (${code.toUpperCase()})` : code;
  } catch {
    return code;
  }
}
