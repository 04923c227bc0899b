/**
 * The names the directory's filters and lists show for the codes a store row keeps: a country,
 * a currency, a language. A reader sees "Portugal", never "PT" beside it; the code stays the
 * filter's value (the address, the API). English, like the rest of the site.
 */

function displayName(type: "language" | "region" | "currency", code: string): string | null {
  try {
    const name = new Intl.DisplayNames(["en"], { type, fallback: "none" }).of(code);

    return name && name.toLowerCase() !== code.toLowerCase() ? name : null;
  } catch {
    // A malformed code (Intl throws on it): the caller shows the code itself.
    return null;
  }
}

/** "PT" → "Portugal"; a code Intl does not know reads as itself. */
export function countryLabel(code: string): string {
  return displayName("region", code.toUpperCase()) ?? code.toUpperCase();
}

/** "EUR" → "Euro (EUR)": the name a reader knows, with the code a price shows. */
export function currencyLabel(code: string): string {
  const upper = code.toUpperCase();
  const name = displayName("currency", upper);

  return name ? `${name} (${upper})` : upper;
}

/**
 * "pt" → "Portuguese", "fr-CA" → "Canadian French"; null for what names no language a store
 * offers (hreflang's x-default, "Default (x-default)" in Intl's words) or a code Intl does not know.
 */
export function languageName(code: string): string | null {
  if (!namesALanguage(code)) return null;

  return displayName("language", code);
}

/** Whether an hreflang code names a language at all: x-default and the other x-/i- tags do not. */
export function namesALanguage(code: string): boolean {
  return !/^(x|i)(-|$)/i.test(code);
}

/** A language filter's label: its name, the code itself when Intl has none. */
export function languageLabel(code: string): string {
  return languageName(code) ?? code;
}
