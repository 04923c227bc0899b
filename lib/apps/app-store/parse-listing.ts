import { boundText } from "@/lib/bound-text";
import { loadHtml } from "@/lib/storefront-html/load-html";
import type { AppCategory } from "../schemas";

/** What an App Store listing page says about its app. */
export type AppStoreListing = {
  name: string;
  developer: string | null;
  /** The App Store's category words (its breadcrumb or JSON-LD sub-category). */
  category: string | null;
  /** The category of our directory it maps to. */
  appCategory: AppCategory;
  rating: number | null;
  reviewCount: number | null;
  iconUrl: string | null;
  description: string | null;
};

/** Longest listing page read; a real one is a few hundred KB. Past it the fetch fails `too_large`. */
export const LISTING_MAX_BYTES = 2 * 1024 * 1024;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 500;
const MAX_URL = 2_048;
/** JSON-LD blocks read per page, and the size of each: a listing has one or two of a few KB. */
const MAX_JSON_LD_BLOCKS = 20;
const MAX_JSON_LD_CHARS = 200_000;
/** Elements looked at by the walk; loadHtml already caps a page at 50,000. */
const APP_TYPES = new Set(["SoftwareApplication", "WebApplication"]);

type DomNode = { type: string; name?: string; data?: string; attribs?: Record<string, string>; children?: DomNode[] };

/** Whitespace collapsed and cut, or null when nothing is left. */
function clean(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, " ").trim();

  return text === "" ? null : boundText(text, max);
}

function httpsUrl(value: unknown): string | null {
  const text = clean(value, MAX_URL);
  if (!text) return null;
  const url = text.startsWith("//") ? `https:${text}` : text;

  return /^https:\/\/[^\s"'<>]+$/.test(url) ? url : null;
}

function textOf(node: DomNode): string {
  // Iterative, and bounded by the characters it keeps: an anchor's text is a name, not a page.
  const parts: string[] = [];
  let length = 0;
  const stack: DomNode[] = [node];
  while (stack.length > 0 && length < 1_000) {
    const current = stack.pop() as DomNode;
    if (current.type === "text") {
      parts.push(current.data ?? "");
      length += (current.data ?? "").length;
    }
    const children = current.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
  }

  return parts.join("");
}

/** What the walk gathers: JSON-LD texts, meta contents, the developer and category links. */
type Gathered = {
  jsonLd: string[];
  meta: Map<string, string>;
  title: string | null;
  /** The first <h1> outside the menus: the listing's app name. */
  heading: string | null;
  partner: string | null;
  category: string | null;
};

/**
 * Whether an element is the site's own menu (the App Store's header, mega menu, side menu and
 * footer link developers and categories of every kind): links inside name no listing's developer
 * or category. A breadcrumb is not a menu.
 */
function isMenu(tag: string | undefined, attribs: Record<string, string>): boolean {
  if ((attribs["aria-label"] ?? "").toLowerCase().includes("breadcrumb")) return false;
  if (tag === "header" || tag === "footer" || tag === "nav") return true;
  const classes = attribs.class ?? "";

  return classes.includes("megamenu") || classes.includes("side-menu") || classes.includes("navbar");
}

function gather(html: string): Gathered {
  const $ = loadHtml(html);
  const out: Gathered = { jsonLd: [], meta: new Map(), title: null, heading: null, partner: null, category: null };
  // Each node with whether it sits in the site's menu (isMenu), whose links are not the listing's.
  const stack: [DomNode, boolean][] = [[$.root()[0] as unknown as DomNode, false]];
  while (stack.length > 0) {
    const [node, inMenu] = stack.pop() as [DomNode, boolean];
    const attribs = node.attribs;
    const tag = node.name?.toLowerCase();
    if (attribs && tag === "script") {
      if ((attribs.type ?? "").trim().toLowerCase() === "application/ld+json" && out.jsonLd.length < MAX_JSON_LD_BLOCKS) {
        const body = (node.children ?? []).map((child) => (child.type === "text" ? (child.data ?? "") : "")).join("");
        if (body.length <= MAX_JSON_LD_CHARS) out.jsonLd.push(body);
      }
      continue;
    }
    if (attribs && tag === "meta") {
      const key = (attribs.property ?? attribs.name ?? "").toLowerCase();
      if (key && attribs.content !== undefined && !out.meta.has(key) && out.meta.size < 200) out.meta.set(key, attribs.content);
    } else if (attribs && tag === "title" && out.title === null) {
      out.title = textOf(node);
    } else if (attribs && tag === "h1" && !inMenu && out.heading === null) {
      out.heading = clean(textOf(node), MAX_NAME);
    } else if (attribs && tag === "a" && attribs.href && !inMenu) {
      // The developer's page and the app's category: the first of each outside the menus.
      if (out.partner === null && attribs.href.includes("/partners/")) out.partner = clean(textOf(node), MAX_NAME);
      if (out.category === null && attribs.href.includes("/categories/")) out.category = clean(textOf(node), MAX_NAME);
    }
    const menu = inMenu || (attribs !== undefined && isMenu(tag, attribs));
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as DomNode, menu]);
  }

  return out;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first SoftwareApplication of the page's JSON-LD (top level, in an array or in @graph). */
function findApplication(blocks: readonly string[]): Json | null {
  for (const block of blocks) {
    let value: unknown;
    try {
      value = JSON.parse(block);
    } catch {
      continue;
    }
    const candidates: unknown[] = Array.isArray(value) ? value : [value];
    if (isObject(value) && Array.isArray(value["@graph"])) candidates.push(...(value["@graph"] as unknown[]));
    for (const candidate of candidates.slice(0, 100)) {
      if (!isObject(candidate)) continue;
      const type = candidate["@type"];
      const types = Array.isArray(type) ? type : [type];
      if (types.some((t) => typeof t === "string" && APP_TYPES.has(t))) return candidate;
    }
  }

  return null;
}

function nameOf(value: unknown): string | null {
  if (typeof value === "string") return clean(value, MAX_NAME);
  if (Array.isArray(value)) return nameOf(value[0]);

  return isObject(value) ? clean(value.name, MAX_NAME) : null;
}

function numberOf(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;

  return Number.isFinite(n) ? n : null;
}

/** The app's name from a page title: "Kaching Bundles ‑ Quantity Breaks | Shopify App Store" → the part before " | ". */
function nameFromTitle(title: string | null | undefined): string | null {
  const text = clean(title, 1_000);
  if (!text) return null;
  const bar = text.lastIndexOf(" | Shopify App Store");

  return clean(bar > 0 ? text.slice(0, bar) : text, MAX_NAME);
}

/**
 * Our directory's category for the App Store's words, by the first keyword found; an app whose
 * category names none of them is a store tool. Keywords are plain substrings of a short text.
 */
const CATEGORY_KEYWORDS: readonly [string, AppCategory][] = [
  ["review", "reviews"],
  ["subscription", "subscriptions"],
  ["loyalty", "loyalty-referrals"],
  ["referral", "loyalty-referrals"],
  ["reward", "loyalty-referrals"],
  ["bundle", "bundles-gifts"],
  ["gift", "bundles-gifts"],
  ["upsell", "upsell"],
  ["cross-sell", "upsell"],
  ["wishlist", "wishlist"],
  ["email", "email-sms"],
  ["sms", "email-sms"],
  ["push notification", "email-sms"],
  ["search", "search"],
  ["chat", "chat-helpdesk"],
  ["helpdesk", "chat-helpdesk"],
  ["support", "chat-helpdesk"],
  ["faq", "chat-helpdesk"],
  ["page builder", "page-builder"],
  ["page-builder", "page-builder"],
  ["landing page", "page-builder"],
  ["analytics", "analytics"],
  ["report", "analytics"],
  ["pixel", "analytics"],
  ["shipping", "shipping-returns"],
  ["return", "shipping-returns"],
  ["tracking", "shipping-returns"],
  ["delivery", "shipping-returns"],
  ["translat", "translation-currency"],
  ["currenc", "translation-currency"],
  ["language", "translation-currency"],
  ["geolocation", "translation-currency"],
  ["popup", "forms-popups"],
  ["pop-up", "forms-popups"],
  ["form", "forms-popups"],
  ["seo", "seo-speed"],
  ["speed", "seo-speed"],
  ["payment", "payments-bnpl"],
  ["buy now pay later", "payments-bnpl"],
  ["product option", "product-options"],
  ["variant", "product-options"],
  ["personaliz", "product-options"],
  ["social", "social-ugc"],
  ["ugc", "social-ugc"],
  ["instagram", "social-ugc"],
  ["privacy", "privacy-consent"],
  ["consent", "privacy-consent"],
  ["cookie", "privacy-consent"],
  ["gdpr", "privacy-consent"],
  ["sales channel", "sales-channels"],
  ["marketplace", "sales-channels"],
];

export function appCategoryFor(words: string | null): AppCategory {
  const text = (words ?? "").toLowerCase().slice(0, 300);
  for (const [keyword, category] of CATEGORY_KEYWORDS) if (text.includes(keyword)) return category;

  return "store-tools";
}

/**
 * Reads an App Store listing page: its SoftwareApplication JSON-LD first (name, image, author or
 * brand, aggregateRating, sub-category, description), then its heading, Open Graph tags and title, the
 * developer's `/partners/` link and the app's `/categories/` link (outside the site's menus) for
 * what the JSON-LD lacks. Null
 * when the page names no app (not a listing, or garbage). The page is parsed by loadHtml (its
 * nesting and element count bounded, one pass), each JSON-LD block is size-capped before it is
 * parsed, and every kept value is cut; the caller caps the page's bytes (LISTING_MAX_BYTES).
 */
export function parseAppStoreListing(html: string): AppStoreListing | null {
  const page = gather(html);
  const app = findApplication(page.jsonLd);
  const name = nameOf(app?.name) ?? page.heading ?? nameFromTitle(page.meta.get("og:title")) ?? nameFromTitle(page.title);
  // A title alone is any page's: without JSON-LD or og:title it is no listing.
  if (!name || (!app && !page.meta.has("og:title"))) return null;
  const rating = isObject(app?.aggregateRating) ? app.aggregateRating : null;
  const ratingValue = numberOf(rating?.ratingValue);
  const reviewCount = numberOf(rating?.ratingCount ?? rating?.reviewCount);
  const category = clean(app?.applicationSubCategory, MAX_NAME) ?? page.category;

  return {
    name,
    developer: nameOf(app?.author) ?? nameOf(app?.brand) ?? nameOf(app?.publisher) ?? page.partner,
    category,
    appCategory: appCategoryFor(category),
    rating: ratingValue !== null && ratingValue >= 0 && ratingValue <= 5 ? Math.round(ratingValue * 10) / 10 : null,
    reviewCount: reviewCount !== null && Number.isSafeInteger(reviewCount) && reviewCount >= 0 ? reviewCount : null,
    iconUrl: httpsUrl(Array.isArray(app?.image) ? app.image[0] : app?.image) ?? httpsUrl(page.meta.get("og:image")),
    description: clean(app?.description, MAX_DESCRIPTION) ?? clean(page.meta.get("og:description"), MAX_DESCRIPTION),
  };
}
