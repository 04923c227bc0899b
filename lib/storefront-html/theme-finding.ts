import { boundText } from "@/lib/bound-text";
import type { StorefrontTheme } from "./parse-storefront-html";
import type { Finding } from "./schemas";

/**
 * What the theme was recognized by: the fields of the page's `Shopify.theme` assignment that name
 * it. The theme names itself there, so that is high confidence; a name known only from the Theme
 * Store id (the page gives no name) is our lookup, medium.
 */
export function themeFinding(theme: StorefrontTheme): Finding {
  const fields = [
    theme.name ? `name ${JSON.stringify(theme.name)}` : null,
    theme.schemaName ? `schema_name ${JSON.stringify(theme.schemaName)}` : null,
    theme.themeStoreId !== null ? `theme_store_id ${theme.themeStoreId}` : null,
    theme.id !== null ? `id ${theme.id}` : null,
  ].filter((field): field is string => field !== null);

  return {
    evidence: boundText(`Shopify.theme: ${fields.join(", ")}`, 160),
    source: "globals",
    confidence: theme.name ? "high" : "medium",
  };
}
