const integer = new Intl.NumberFormat("en-US");

/**
 * The reader's own number format, for figures drawn in the browser only (client components
 * that render after their data loads); pages rendered on the server keep the fixed en-US.
 */
export const readerLocale = (): string =>
  typeof navigator === "undefined" ? "en-US" : (navigator.languages?.[0] ?? navigator.language ?? "en-US");

export const formatCount = (value: number | null | undefined, locale?: string) =>
  value === null || value === undefined ? "—" : locale ? new Intl.NumberFormat(locale).format(value) : integer.format(value);

/** A measured figure that may have decimals (units per day): at most `digits` of them. */
export const formatDecimal = (value: number | null | undefined, locale = "en-US", digits = 1) =>
  value === null || value === undefined ? "—" : new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);

/** A count with its noun agreed: "1 store", "0 stores", "1,204 stores" (irregular nouns pass their plural). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/** Shopify prices are decimal strings in the shop's currency ("19.90"). */
export function formatPrice(value: string | number | null | undefined, currency: string | null, locale?: string): string {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return "—";
  if (!currency)
    return locale
      ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value))
      : Number(value).toFixed(2);
  try {
    return new Intl.NumberFormat(locale ?? "en-US", { style: "currency", currency }).format(Number(value));
  } catch {
    return `${Number(value).toFixed(2)} ${currency}`;
  }
}

/** A span of days as a reader says it: "5 hours", "1 day", "3.5 days". */
export function formatDays(days: number, locale = "en-US"): string {
  if (days < 1) {
    const hours = Math.max(1, Math.round(days * 24));
    return `${new Intl.NumberFormat(locale).format(hours)} hour${hours === 1 ? "" : "s"}`;
  }
  const rounded = Math.round(days * 10) / 10;

  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(rounded)} day${rounded === 1 ? "" : "s"}`;
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

  return (
    new Intl.DateTimeFormat("en-GB", {
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short", timeZone: "UTC" } : { timeZone: "UTC" }),
    }).format(date) + (withTime ? " UTC" : "")
  );
}

const regionNames = new Intl.DisplayNames("en", { type: "region", fallback: "code" });
const currencyNames = new Intl.DisplayNames("en", { type: "currency", fallback: "code" });
const languageNames = new Intl.DisplayNames("en", { type: "language", fallback: "code" });

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

/**
 * An hreflang code's name ("fr-CA" → "French (Canada)"), or null for x-default and codes
 * Intl does not know: the page then shows the code alone.
 */
export function formatLanguage(code: string): string | null {
  if (code.toLowerCase() === "x-default") return null;
  try {
    const name = languageNames.of(code);

    return name && name.toLowerCase() !== code.toLowerCase() ? name : null;
  } catch {
    return null;
  }
}

const OVERDUE_AFTER_MS = 5_000;

/**
 * "a few seconds left", "about 25 s left", "about 4 min left": an estimate, rounded as one. Once
 * the estimate has run out by more than a few seconds it says so, rather than promising "a few
 * seconds" for as long as the job takes.
 */
export function formatTimeLeft(ms: number): string {
  if (ms < -OVERDUE_AFTER_MS) return "taking longer than estimated";
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return "a few seconds left";
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} s left`;
  if (seconds < 3600) return `about ${Math.ceil(seconds / 60)} min left`;

  return `about ${Math.round(seconds / 360) / 10} h left`;
}
