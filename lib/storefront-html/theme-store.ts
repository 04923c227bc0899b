/**
 * Shopify Theme Store ids of well-known themes. `Shopify.theme.name` is whatever the
 * merchant called their copy ("Copy of Dawn – March"), while `theme_store_id` names
 * the theme it was installed from, so this is how we report the real theme.
 * Only ids we are sure of; unknown ids simply have no name.
 */
export const THEME_STORE_NAMES: Readonly<Record<number, string>> = {
  380: "Minimal",
  578: "Simple",
  679: "Supply",
  730: "Brooklyn",
  766: "Boundless",
  775: "Venture",
  796: "Debut",
  829: "Narrative",
  855: "Prestige",
  857: "Impulse",
  887: "Dawn",
  1356: "Sense",
  1363: "Crave",
  1368: "Craft",
  1431: "Studio",
  1434: "Taste",
  1499: "Colorblock",
  1500: "Ride",
  1567: "Refresh",
  1841: "Origin",
  1864: "Publisher",
  1891: "Spotlight",
};

export function themeNameForStoreId(themeStoreId: number | null | undefined): string | null {
  if (themeStoreId === null || themeStoreId === undefined) return null;

  return THEME_STORE_NAMES[themeStoreId] ?? null;
}
