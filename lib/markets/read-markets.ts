import type { PageSignals } from "@/lib/storefront-html/page-signals";
import { readAssignedValue } from "@/lib/storefront-html/script-literals";
import { MAX_LANGUAGES, type Markets } from "./schemas";

/** Longest hreflang code kept (BCP 47 tags in practice stay well under it). */
const MAX_CODE = 35;
const MAX_URL = 500;
const MAX_GLOBAL = 20;
// A language subtag, then any number of dash-separated subtags: one pass, nothing to backtrack.
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

function shortString(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();

  return trimmed && trimmed.length <= MAX_GLOBAL ? trimmed : null;
}

function activeCurrency(value: unknown): string | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? shortString((value as Record<string, unknown>).active)
    : null;
}

/**
 * Languages (hreflang alternates, x-default included) and the Shopify globals of the market the
 * page was served for. Alternates are counted in full but listed up to MAX_LANGUAGES.
 */
export function readMarkets(signals: Pick<PageSignals, "links" | "inlineScripts">): Markets {
  const languages: Markets["languages"] = [];
  const seen = new Set<string>();
  for (const link of signals.links) {
    if (!link.hreflang || !link.rel.includes("alternate")) continue;
    const code = link.hreflang.trim();
    if (code.length > MAX_CODE || (code.toLowerCase() !== "x-default" && !LANGUAGE_TAG.test(code))) continue;
    const key = code.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (languages.length < MAX_LANGUAGES) languages.push({ code, url: link.href.length <= MAX_URL ? link.href : null });
  }
  // Only scripts that name Shopify's globals are scanned for them.
  const scripts = signals.inlineScripts.filter((text) => text.includes("Shopify."));

  return {
    languages,
    language_count: seen.size,
    locale: shortString(readAssignedValue(scripts, "Shopify.locale")),
    visitor_country: shortString(readAssignedValue(scripts, "Shopify.country")),
    presentment_currency: activeCurrency(readAssignedValue(scripts, "Shopify.currency")),
  };
}
