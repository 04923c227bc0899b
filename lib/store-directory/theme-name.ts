import { themeNameForStoreId } from "@/lib/storefront-html/theme-store";

/** The fields of `Shopify.theme` that name a theme (lib/storefront-html). */
export type ThemeNaming = { name: string | null; schemaName?: string | null; themeStoreId?: number | null };

const clean = (text: string | null | undefined) => (text && text.trim() !== "" ? text.trim() : null);

/**
 * The theme a store runs as the catalog names it: by its Theme Store id when we know the id,
 * else by the name its developer gave it (schema_name), else by the merchant's name for its copy.
 * A merchant names a copy anything ("[PROD] Latest Snapshot - 07.30.21"); the directory, its
 * theme filter and /themes/<slug> group stores by this name.
 */
export function catalogThemeName(theme: ThemeNaming | null | undefined): string | null {
  if (!theme) return null;

  return themeNameForStoreId(theme.themeStoreId) ?? clean(theme.schemaName) ?? clean(theme.name);
}

/** The merchant's own name for its copy, when it differs from the catalog name: shown as secondary text. */
export function merchantThemeName(theme: ThemeNaming | null | undefined): string | null {
  const own = clean(theme?.name);
  const catalog = catalogThemeName(theme);

  return own && catalog && own.toLowerCase() !== catalog.toLowerCase() ? own : null;
}
