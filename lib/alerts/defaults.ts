import type { AlertSubscriptionView } from "./schemas";

/**
 * What a newly tracked store alerts about before its follower changes anything: what a
 * competitor watcher comes back for (apps, theme, a real price move, the store going dark),
 * in the feed and a daily e-mail, and by webhook once the account names a URL. New products
 * and stock changes are many a day in a busy store: asked for, not given.
 */
export const DEFAULT_SUBSCRIPTION: AlertSubscriptionView = {
  kinds: ["app_installed", "app_removed", "theme_changed", "price_changed", "store_unreachable", "store_blocking"],
  price_threshold_percent: 10,
  feed: true,
  email: "daily",
  webhook: true,
  muted: false,
};
