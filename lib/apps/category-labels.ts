import { APP_CATEGORIES, type AppCategory } from "./schemas";

/** What each category is called on a page: the slugs are for URLs and filters, not for reading. */
export const APP_CATEGORY_LABELS: Record<AppCategory, string> = {
  reviews: "Reviews",
  "email-sms": "Email & SMS",
  subscriptions: "Subscriptions",
  upsell: "Upsell & cross-sell",
  "bundles-gifts": "Bundles & gifts",
  "loyalty-referrals": "Loyalty & referrals",
  search: "Search & filters",
  "chat-helpdesk": "Chat & helpdesk",
  "page-builder": "Page builder",
  analytics: "Analytics & tracking",
  "shipping-returns": "Shipping & returns",
  "translation-currency": "Translation & currency",
  "forms-popups": "Forms & pop-ups",
  "seo-speed": "SEO & speed",
  "payments-bnpl": "Payments & buy now, pay later",
  wishlist: "Wishlist",
  "product-options": "Product options",
  "social-ugc": "Social & user content",
  "privacy-consent": "Privacy & consent",
  "store-tools": "Store tools",
  "sales-channels": "Sales channels",
};

const isCategory = (slug: string): slug is AppCategory => (APP_CATEGORIES as readonly string[]).includes(slug);

/** A category's label; a slug outside the catalog (an older row) reads as words rather than as a slug. */
export function appCategoryLabel(slug: string): string {
  if (isCategory(slug)) return APP_CATEGORY_LABELS[slug];
  const words = slug.replace(/[-_]+/g, " ").trim();

  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Other";
}
