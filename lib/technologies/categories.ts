/**
 * The one set of technology categories: the app categories, and those of what is no app (a tag
 * manager, an ad pixel, a payment method, an error tracker, a JavaScript library …). Apps keep
 * their app category; tags and imported fingerprints are filed under one of these too.
 */
/**
 * The fixed set of app categories. Defined once here (lib/apps re-exports it); the catalog, the
 * database rows (apps.category is plain text) and any UI filter all derive from this list.
 */
export const APP_CATEGORIES = [
  "reviews",
  "email-sms",
  "subscriptions",
  "upsell",
  "bundles-gifts",
  "loyalty-referrals",
  "search",
  "chat-helpdesk",
  "page-builder",
  "analytics",
  "shipping-returns",
  "translation-currency",
  "forms-popups",
  "seo-speed",
  "payments-bnpl",
  "wishlist",
  "product-options",
  "social-ugc",
  "privacy-consent",
  "store-tools",
  "sales-channels",
] as const;

export const TECHNOLOGY_CATEGORIES = [
  ...APP_CATEGORIES,
  "platform",
  "tag-manager",
  "advertising",
  "ab-testing",
  "error-tracking",
  "security",
  "cdn-hosting",
  "javascript",
  "fonts",
  "media",
  "other",
] as const;

export type TechnologyCategory = (typeof TECHNOLOGY_CATEGORIES)[number];

const CATEGORY_SET: ReadonlySet<string> = new Set(TECHNOLOGY_CATEGORIES);

export function isTechnologyCategory(value: string): value is TechnologyCategory {
  return CATEGORY_SET.has(value);
}
