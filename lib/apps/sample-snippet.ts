import type { App } from "./schemas";
import { APP_CATALOGUE } from "./catalogue";

/** Shop domain used in generated snippets (ScriptTag URLs carry ?shop=…). */
export const SAMPLE_SHOP_DOMAIN = "demo-store.myshopify.com";

const THEME_ASSETS = "https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets";

/** Builds a snippet from the app's first pattern, in the form that kind of pattern is matched. */
function snippetFromPatterns(app: App): string {
  const src = app.patterns.src?.[0];
  if (src) {
    // Shopify appends ?shop=<myshopify domain> to every ScriptTag URL it injects.
    let url: string;
    if (src.startsWith("/")) url = `https://${SAMPLE_SHOP_DOMAIN}${src}`;
    // A bare file name: a script the app copied into the theme's assets.
    else if (!src.includes("/") && src.endsWith(".js")) url = `${THEME_ASSETS}/${src}`;
    else if (!src.includes("/")) url = `https://${src}/storefront.js`;
    else if (src.endsWith("/")) url = `https://${src}storefront.js`;
    else if (src.endsWith(".js")) url = `https://${src}`;
    else url = `https://${src}/storefront.js`;

    return `<script src="${url}?shop=${SAMPLE_SHOP_DOMAIN}" async></script>`;
  }
  const marker = app.patterns.inline?.[0];
  if (marker) return `<script>/* ${app.name} */ window.__sample = ${JSON.stringify(marker)}; ${marker};</script>`;
  const meta = app.patterns.meta?.[0];
  if (meta) return `<meta name="${meta}" content="1">`;
  const dom = app.patterns.dom?.[0] as string;

  return dom.startsWith("#") ? `<div id="${dom.slice(1)}widget"></div>` : `<div class="${dom.slice(1)}widget"></div>`;
}

/**
 * A realistic HTML snippet (script/link/div) as the app would inject it into a
 * storefront, for tests and the fake Shopify store. Every snippet is detected as
 * exactly its own app by detectApps (checked in catalogue.test.ts).
 *
 * Hosts and markers come from the catalogue; when an app has no hand-written `sample`,
 * the file name after the host (e.g. "/storefront.js") is illustrative only.
 *
 * @throws if the slug is not in the catalogue.
 */
export function sampleAppSnippet(slug: string): string {
  const app = APP_CATALOGUE.find((a) => a.slug === slug);
  if (!app) throw new Error(`Unknown app slug: ${slug}`);

  return app.sample ?? snippetFromPatterns(app);
}
