import type { Cheerio, CheerioAPI } from "cheerio";
import { z } from "zod";
import { loadHtml } from "./load-html";
import { readAssignedValue } from "./script-literals";
import { themeNameForStoreId } from "./theme-store";

export type StorefrontTheme = {
  name: string | null;
  id: number | null;
  schemaName: string | null;
  schemaVersion: string | null;
  themeStoreId: number | null;
  role: string | null;
  /** Theme Store name for themeStoreId when it is a well-known one (see theme-store.ts). */
  themeStoreName: string | null;
};

export type StorefrontInfo = {
  theme: StorefrontTheme | null;
  /** Shopify.shop: the store's permanent *.myshopify.com domain. */
  shop: string | null;
  /** Shopify.currency.active: the currency prices are shown in. */
  currency: string | null;
  /** Shopify.country: the visitor's market country as the storefront resolved it. */
  country: string | null;
  isShopify: boolean;
  title: string | null;
  metaDescription: string | null;
  canonical: string | null;
  ogImage: string | null;
  /** Every parseable application/ld+json block; top-level arrays are flattened. */
  jsonLd: unknown[];
};

// Theme data as Shopify prints it (`{{ theme | json }}`-style). Lenient: a field of the
// wrong type becomes null instead of discarding the whole theme.
const idLike = z
  .union([z.number(), z.string().regex(/^\d+$/)])
  .transform((v) => Number(v))
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER))
  .nullable()
  .catch(null);
const text = z.string().trim().min(1).nullable().catch(null);

const rawThemeSchema = z.object({
  name: text.optional(),
  id: idLike.optional(),
  schema_name: text.optional(),
  schema_version: text.optional(),
  theme_store_id: idLike.optional(),
  role: text.optional(),
});

function toTheme(value: unknown): StorefrontTheme | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const parsed = rawThemeSchema.safeParse(value);
  if (!parsed.success) return null;
  const t = parsed.data;
  // Without a name or an id there is nothing that identifies a theme.
  if (!t.name && (t.id === null || t.id === undefined)) return null;
  const themeStoreId = t.theme_store_id ?? null;

  return {
    name: t.name ?? null,
    id: t.id ?? null,
    schemaName: t.schema_name ?? null,
    schemaVersion: t.schema_version ?? null,
    themeStoreId,
    role: t.role ?? null,
    themeStoreName: themeNameForStoreId(themeStoreId),
  };
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function attr(elements: Selection, selector: string, name: string): string | null {
  return nonEmptyString(elements.filter(selector).first().attr(name));
}

function absolutiseProtocol(url: string | null): string | null {
  // Shopify prints og:image as "//shop/cdn/…" or "http://…" on some themes.
  return url?.startsWith("//") ? `https:${url}` : url;
}

type TreeNode = ReturnType<CheerioAPI["root"]>[number]["children"][number];
type ElementNode = Extract<TreeNode, { attribs: Record<string, string> }>;
type Selection = Cheerio<ElementNode>;

/**
 * One walk over the tree: every element in document order, to filter with selectors, and the
 * page's <title>, the first outside inline SVG (Dawn's payment icons have one each).
 * `$(selector)` would search from the document's top-level elements, which cheerio first
 * compares with each other (css-select's removeSubsets): quadratic on a page of thousands of
 * them. Filtering a list tests each element once, and so does this walk (a <title> is not
 * checked for an <svg> ancestor by walking its ancestors).
 */
function readElements($: CheerioAPI): { elements: Selection; title: ElementNode | null } {
  const elements: ElementNode[] = [];
  let title: ElementNode | null = null;
  const stack: [TreeNode, boolean][] = ($.root()[0]?.children ?? []).map((node): [TreeNode, boolean] => [node, false]).reverse();
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, inSvg] = entry;
    // Elements only; <script>/<style> too: in HTML `<script/>` stays open with markup inside.
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
    elements.push(node);
    if (title === null && !inSvg && node.name === "title") title = node;
    const childrenInSvg = inSvg || node.name === "svg";
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i] as TreeNode, childrenInSvg]);
  }

  return { elements: $(elements), title };
}

/**
 * Signs that a page is served by Shopify. Each is something Shopify's storefront
 * renderer emits on every online-store page; none is something a non-Shopify page
 * would plausibly carry (an embedded image from cdn.shopify.com alone does not count,
 * which is why only scripts, stylesheets and Shopify's own meta tags are looked at).
 */
function hasShopifyMarkers(elements: Selection, inlineScripts: readonly string[]): boolean {
  if (elements.filter('meta[name="shopify-digital-wallet"], meta[name="shopify-checkout-api-token"]').length > 0) return true;
  if (elements.filter("#shopify-features, #shopify-digital-wallet").length > 0) return true;
  let assetFromShopify = false;
  elements.filter("script[src], link[href]").each((_, el) => {
    const url = (el.attribs.src ?? el.attribs.href ?? "").toLowerCase();
    // cdn.shopify.com, and since 2023 the same assets proxied under the shop's own /cdn/shop/.
    if (url.includes("cdn.shopify.com/") || url.includes("/cdn/shop/") || url.includes("/cdn/shopifycloud/")) {
      assetFromShopify = true;
      return false;
    }
    return undefined;
  });
  if (assetFromShopify) return true;

  return inlineScripts.some((s) => s.includes("window.ShopifyAnalytics") || s.includes("Shopify.routes"));
}

/** Parses an already loaded storefront document (see parseStorefrontHtml). */
export function parseStorefrontDocument($: CheerioAPI): StorefrontInfo {
  const inlineScripts: string[] = [];
  const jsonLd: unknown[] = [];
  const { elements, title } = readElements($);
  elements.filter("script:not([src])").each((_, el) => {
    // Its own text only: in HTML `<script/>` stays open, and the text of 256 nested ones would
    // copy the rest of the page 256 times.
    const body = el.children.map((child) => (child.type === "text" ? child.data : "")).join("");
    if ((el.attribs.type ?? "").trim().toLowerCase() === "application/ld+json") {
      try {
        const value: unknown = JSON.parse(body);
        if (Array.isArray(value)) jsonLd.push(...(value as unknown[]));
        else jsonLd.push(value);
      } catch {
        // Hand-edited themes often ship invalid JSON-LD; skip it rather than fail the page.
      }
      return;
    }
    if (body.includes("Shopify")) inlineScripts.push(body);
  });

  const theme = toTheme(readAssignedValue(inlineScripts, "Shopify.theme"));
  const shop = nonEmptyString(readAssignedValue(inlineScripts, "Shopify.shop"));
  const currencyValue = readAssignedValue(inlineScripts, "Shopify.currency");
  const currency =
    typeof currencyValue === "object" && currencyValue !== null && !Array.isArray(currencyValue)
      ? nonEmptyString((currencyValue as Record<string, unknown>).active)
      : null;
  const country = nonEmptyString(readAssignedValue(inlineScripts, "Shopify.country"));

  return {
    theme,
    shop,
    currency,
    country,
    isShopify: theme !== null || shop !== null || hasShopifyMarkers(elements, inlineScripts),
    title: title && nonEmptyString($(title).text().replace(/\s+/g, " ")),
    metaDescription: attr(elements, 'meta[name="description"]', "content"),
    canonical: attr(elements, 'link[rel="canonical"]', "href"),
    ogImage: absolutiseProtocol(attr(elements, 'meta[property="og:image"]', "content")),
    jsonLd,
  };
}

/** Reads theme, shop, currency, SEO tags and JSON-LD from a storefront page's HTML. */
export function parseStorefrontHtml(html: string): StorefrontInfo {
  return parseStorefrontDocument(loadHtml(html));
}
