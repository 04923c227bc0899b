// HTML pages: storefront home, product page, password page, 404, a non-Shopify site and the
// Cloudflare block page. Only the markers a scraper looks at are realistic (Shopify.* globals,
// theme object, app snippets, asset hosts); the rest is filler.

import type { FakeStore } from "./fake-store";
import { escapeHtml } from "./reply";
import type { ProductRecord } from "./records";
import type { ThemeInfo } from "./types";

export const DEFAULT_THEME: ThemeInfo = {
  name: "Dawn",
  id: 123,
  schema_name: "Dawn",
  schema_version: "15.0.0",
  theme_store_id: 887,
  role: "main",
};

/** Another theme of the Theme Store, for a store that changes theme between two analyses (history tests). */
export const SENSE_THEME: ThemeInfo = {
  name: "Sense",
  id: 456,
  schema_name: "Sense",
  schema_version: "15.2.0",
  theme_store_id: 1356,
  role: "main",
};

function shopGlobals(store: FakeStore): string {
  const def = store.definition;
  const shop = store.shop;
  if (def.kind !== "shopify" || !shop) return "";
  return [
    `<script>var Shopify = Shopify || {};`,
    `Shopify.shop = ${JSON.stringify(store.myshopifyDomain)};`,
    `Shopify.locale = "en";`,
    `Shopify.currency = ${JSON.stringify({ active: shop.settings.currency, rate: "1.0" })};`,
    `Shopify.country = ${JSON.stringify(shop.settings.country)};`,
    `Shopify.theme = ${JSON.stringify(def.theme ?? DEFAULT_THEME)};`,
    `Shopify.cdnHost = "${store.domain}/cdn";`,
    `</script>`,
  ].join("\n");
}

/**
 * An app only a browser sees: an inline script builds its URL from pieces (no catalog pattern is
 * in the served HTML) and adds its <script src> at runtime, from the store's own domain through
 * an app proxy path (/apps/…), as Shopify serves an app's files, so no other host is needed. The
 * render step detects it; the served HTML's detectors do not.
 */
export const SCRIPT_INJECTED_APP = { slug: "globo-also-bought", path: "/apps/globo/globo.alsobought.js" } as const;

/** A TikTok pixel the page only adds once its scripts run: its id is assembled at runtime. */
export const SCRIPT_INJECTED_TAG = { kind: "tiktok-pixel", id: "CRENDERED0TIKTOK00" } as const;

const INJECT_TAG_SCRIPT = `<script>(function () { var s = document.createElement("script"); s.text = "ttq." + "load('" + ["CRENDERED0", "TIKTOK00"].join("") + "');"; document.head.appendChild(s); })();</script>`;

const INJECT_APP_SCRIPT = `<script>(function () { var s = document.createElement("script"); s.async = true; s.src = "/apps/globo/" + ["globo", "also" + "bought", "js"].join("."); document.head.appendChild(s); })();</script>`;

/** Tag ids of the web pixels every fake Shopify store's pages list (lib/marketing reads them). */
export const FAKE_STORE_TAG_IDS = { googleAnalytics: "G-FAKE12345X", metaPixel: "987654321098765" } as const;

/**
 * Shopify's web pixel list as a modern storefront inlines it: the Google & YouTube app's pixel
 * (a GA4 id), the Meta app's pixel and Shopify's own two. App pixels leave no script tag, so the
 * app catalog's patterns do not see them.
 */
function webPixels(store: FakeStore): string {
  if (store.definition.kind !== "shopify") return "";
  const google = { pixel_id: FAKE_STORE_TAG_IDS.googleAnalytics, target_country: "US", gtag_events: [] };
  const list = [
    { id: "100001", configuration: JSON.stringify({ config: JSON.stringify(google) }), type: "APP", apiClientId: 1780363 },
    {
      id: "100002",
      configuration: JSON.stringify({ pixel_id: FAKE_STORE_TAG_IDS.metaPixel, pixel_type: "facebook_pixel" }),
      type: "APP",
      apiClientId: 2329312,
    },
    { id: "shopify-app-pixel", configuration: "{}", type: "APP" },
    { id: "shopify-custom-pixel", configuration: "{}", type: "CUSTOM" },
  ];

  return `<script>(function(){ window.webPixelsManager && webPixelsManager.init({shopId: ${store.shopId}, webPixelsConfigList: ${JSON.stringify(list)}}); })();</script>`;
}

function layout(store: FakeStore, title: string, main: string): string {
  const def = store.definition;
  const apps = def.kind === "shopify" ? (def.apps ?? []).join("\n") : "";
  return `<!doctype html>
<html class="no-js" lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="canonical" href="https://${store.domain}/">
<link rel="preconnect" href="https://cdn.shopify.com" crossorigin>
<link rel="alternate" hreflang="en" href="https://${store.domain}/">
<link rel="alternate" hreflang="fr" href="https://${store.domain}/fr">
<link href="//${store.domain}/cdn/shop/t/1/assets/base.css?v=1" rel="stylesheet" type="text/css" media="all">
${shopGlobals(store)}
${webPixels(store)}
<script id="shopify-features" type="application/json">{"accessToken":"fake","betas":["rickshaw"],"domain":"${store.domain}","predictiveSearch":true,"shopId":${store.shopId},"locale":"en"}</script>
<script src="https://cdn.shopify.com/shopifycloud/storefront/assets/storefront/load_feature.js" defer></script>
${apps}
${def.kind === "shopify" ? INJECT_APP_SCRIPT + INJECT_TAG_SCRIPT : ""}
</head>
<body class="template-index">
<header><a href="/">${escapeHtml(store.shop?.settings.name ?? store.domain)}</a><nav><a href="/collections/all">Catalog</a> <a href="/pages/contact">Contact</a></nav></header>
<main id="MainContent">
${main}
</main>
<footer><ul class="social-icons"><li><a href="https://www.instagram.com/${store.domain.split(".")[0]}/" target="_blank">Instagram</a></li><li><a href="https://www.facebook.com/${store.domain.split(".")[0]}" target="_blank">Facebook</a></li></ul>
<a class="share" href="https://www.facebook.com/sharer/sharer.php?u=https://${store.domain}/">Share</a>
<small>&copy; ${escapeHtml(store.shop?.settings.name ?? "")} <a target="_blank" rel="nofollow" href="https://www.shopify.com?utm_campaign=poweredby">Powered by Shopify</a></small></footer>
</body>
</html>`;
}

export function homeHtml(store: FakeStore, featured: ProductRecord[]): string {
  const cards = featured.map((p) => `<li class="grid__item"><a href="/products/${p.handle}">${escapeHtml(p.title)}</a></li>`).join("\n");
  return layout(store, store.shop?.settings.name ?? store.domain, `<h2>Featured products</h2>\n<ul class="product-grid">\n${cards}\n</ul>`);
}

export function productHtml(store: FakeStore, product: ProductRecord): string {
  return layout(
    store,
    product.title,
    `<h1>${escapeHtml(product.title)}</h1>\n<div class="product__description">${product.body_html}</div>\n<script type="application/json" data-product-id="${product.id}">{"id":${product.id}}</script>`,
  );
}

export function notFoundHtml(store: FakeStore): string {
  return layout(store, "404 Not Found", `<h1>404 Page not found</h1><p>The page you requested does not exist.</p>`);
}

export function passwordHtml(store: FakeStore): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(store.shop?.settings.name ?? store.domain)} — Opening soon</title>
${shopGlobals(store)}
</head>
<body class="template-password">
<h1>Opening soon</h1>
<form method="post" action="/password" id="login_form" accept-charset="UTF-8"><input type="hidden" name="form_type" value="storefront_password">
<label for="Password">Enter store using password</label><input type="password" name="password" id="Password"><button type="submit">Enter</button></form>
<p>Are you the store owner? <a href="/admin">Log in here</a></p>
</body></html>`;
}

export function notShopifyHtml(host: string, path: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(host)}</title>
<link rel="stylesheet" href="/static/site.css"></head>
<body><h1>Welcome to ${escapeHtml(host)}</h1><p>You asked for ${escapeHtml(path)}. This site is not a Shopify store.</p></body></html>`;
}

export function cloudflareBlockHtml(host: string): string {
  return `<!DOCTYPE html>
<html lang="en-US"><head><title>Attention Required! | Cloudflare</title></head>
<body><div id="cf-wrapper"><h1 data-translate="block_headline">Sorry, you have been blocked</h1>
<h2>You are unable to access ${escapeHtml(host)}</h2>
<p>This website is using a security service to protect itself from online attacks.</p></div></body></html>`;
}
