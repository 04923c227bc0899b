// Dependency-free on purpose: client components import the alert schemas, and these lists must
// not drag the database table definitions into the browser bundle.

/** What a tracked store can tell its followers about (lib/alerts/store-event.ts). */
export const ALERT_KINDS = [
  "app_installed",
  "app_removed",
  "theme_changed",
  "product_added",
  "price_changed",
  "sold_out",
  "back_in_stock",
  "store_unreachable",
  "store_blocking",
] as const;

export const ALERT_EMAIL_MODES = ["off", "instant", "daily"] as const;
