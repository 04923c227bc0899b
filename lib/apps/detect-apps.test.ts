import { describe, expect, it } from "vitest";
import { FORMER_TAG_APP_SAMPLES } from "@/testing/apps/app-samples";
import { largeStorefrontHtml } from "@/testing/apps/large-storefront";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { detectApps } from "./detect-apps";

/**
 * A storefront with several apps installed the different ways apps really arrive:
 * a ScriptTag listed in Shopify's asyncLoad loader (JSON-escaped slashes), an app
 * embed <script src>, a stylesheet <link>, an inline pixel snippet, a lazy data-src,
 * a class-only widget, an id, a meta tag, and an iframe.
 */
const ASYNC_LOAD = `<script>(function() {
  var isLoaded = false;
  function asyncLoad() {
    if (isLoaded) return;
    isLoaded = true;
    var urls = ["https:\\/\\/static.klaviyo.com\\/onsite\\/js\\/klaviyo.js?company_id=AbC123\\u0026shop=demo-store.myshopify.com","https:\\/\\/loox.io\\/widget\\/4kQx1mAbCd\\/loox.1712345678901.js?shop=demo-store.myshopify.com"];
    for (var i = 0; i < urls.length; i++) { var s = document.createElement('script'); s.async = true; s.src = urls[i]; document.head.appendChild(s); }
  };
  window.addEventListener('load', asyncLoad, false);
})();</script>`;

const MULTI_APP_HTML = buildDawnStorefrontHtml({
  head: [
    ASYNC_LOAD,
    '<link rel="stylesheet" href="https://static.rechargecdn.com/static/css/recharge-widget.css">',
    // A pixel is a tag (lib/marketing), not an app: it must not be reported here too.
    FORMER_TAG_APP_SAMPLES["meta-pixel"] as string,
    '<script data-src="https://cdn.rebuyengine.com/onsite/js/rebuy.js?shop=demo-store.myshopify.com"></script>',
    '<meta name="nosto-version" content="3.2.0">',
  ].join("\n"),
  body: [
    '<div class="product__wishlist"><button class="swym-button swym-add-to-wishlist" data-product-id="1"></button></div>',
    '<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=abc"></script>',
    '<iframe src="https://widget.trustpilot.com/trustboxes/53aa8807dec7e10d38f59f32/index.html" title="Trustpilot"></iframe>',
    // Mentions of app domains in content, links and JSON-LD are not installations.
    '<p>We moved our reviews from judge.me to our own page. <a href="https://www.gorgias.com">Gorgias</a></p>',
    '<script type="application/ld+json">{"@type":"Product","description":"See cdn.judge.me and fbq(\'init\' in our blog"}</script>',
  ].join("\n"),
});

describe("detectApps", () => {
  it("finds exactly the installed apps, in catalog order, each once with its evidence", () => {
    expect(detectApps(MULTI_APP_HTML)).toEqual([
      {
        slug: "loox",
        evidence: "https://loox.io/widget/4kQx1mAbCd/loox.1712345678901.js?shop=demo-store.myshopify.com",
        source: "script-tag",
        confidence: "high",
      },
      {
        slug: "trustpilot",
        evidence: "https://widget.trustpilot.com/trustboxes/53aa8807dec7e10d38f59f32/index.html",
        source: "iframe",
        confidence: "medium",
      },
      {
        slug: "klaviyo",
        evidence: "https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123&shop=demo-store.myshopify.com",
        source: "script-tag",
        confidence: "high",
      },
      { slug: "recharge", evidence: "https://static.rechargecdn.com/static/css/recharge-widget.css", source: "link", confidence: "medium" },
      {
        slug: "rebuy",
        evidence: "https://cdn.rebuyengine.com/onsite/js/rebuy.js?shop=demo-store.myshopify.com",
        source: "script",
        confidence: "high",
      },
      { slug: "nosto", evidence: "meta nosto-version", source: "meta", confidence: "medium" },
      { slug: "zendesk", evidence: "https://static.zdassets.com/ekr/snippet.js?key=abc", source: "script", confidence: "high" },
    ]);
  });

  it("leaves out an app seen only by a class name: it stays in the theme after the app is uninstalled", () => {
    expect(detectApps(MULTI_APP_HTML).map((d) => d.slug)).not.toContain("swym-wishlist-plus");
    expect(detectApps(MULTI_APP_HTML, { minConfidence: "low" }).find((d) => d.slug === "swym-wishlist-plus")).toEqual({
      slug: "swym-wishlist-plus",
      evidence: ".swym-button",
      source: "markup",
      confidence: "low",
    });
  });

  it("prefers an external script URL over inline or DOM evidence", () => {
    const html = buildDawnStorefrontHtml({
      head: `<script>jdgm = window.jdgm || {}; jdgm.SHOP_DOMAIN = 'x.myshopify.com';</script>`,
      body: '<div class="jdgm-widget jdgm-preview-badge"></div><script src="https://cdn.judge.me/widget_preloader.js"></script>',
    });
    expect(detectApps(html)).toEqual([
      { slug: "judge-me", evidence: "https://cdn.judge.me/widget_preloader.js", source: "script", confidence: "high" },
    ]);
  });

  it("falls back to inline markers when no URL is present; class prefixes and theme files only back up", () => {
    expect(detectApps(buildDawnStorefrontHtml({ head: "<script>var _learnq = _learnq || [];</script>" }))).toEqual([
      { slug: "klaviyo", evidence: "inline script: _learnq", source: "inline-script", confidence: "medium" },
    ]);
    const classOnly = buildDawnStorefrontHtml({ body: '<div class="jdgm-widget jdgm-all-reviews-widget"></div>' });
    expect(detectApps(classOnly)).toEqual([]);
    expect(detectApps(classOnly, { minConfidence: "low" })).toEqual([
      { slug: "judge-me", evidence: ".jdgm-widget", source: "markup", confidence: "low" },
    ]);
    const themeFile = buildDawnStorefrontHtml({
      head: '<script src="https://cdn.shopify.com/s/files/1/0612/3456/7890/t/4/assets/booster-page-speed-optimizer.js"></script>',
    });
    expect(detectApps(themeFile)).toEqual([]);
    expect(detectApps(themeFile, { minConfidence: "low" }).map((d) => [d.slug, d.confidence])).toEqual([["booster-page-speed", "low"]]);
  });

  it("matches URLs case-insensitively and truncates long evidence", () => {
    const longUrl = `https://CDN.JUDGE.ME/${"a".repeat(400)}.js`;
    const [hit] = detectApps(`<html><head><script src="${longUrl}"></script></head></html>`);
    expect(hit?.slug).toBe("judge-me");
    expect(hit?.evidence.length).toBeLessThanOrEqual(160);
    expect(hit?.evidence.startsWith("https://CDN.JUDGE.ME/")).toBe(true);
  });

  it("finds nothing on a non-Shopify page, or in empty and broken HTML", () => {
    const wordpress = `<!doctype html><html><head><title>Blog</title>
      <link rel="stylesheet" href="https://example.org/wp-content/themes/twentytwentyfour/style.css">
      <script src="https://example.org/wp-includes/js/jquery/jquery.min.js"></script>
      <script>var wpData = {"ajaxUrl":"https:\\/\\/example.org\\/wp-admin\\/admin-ajax.php"};</script>
      </head><body class="home blog"><div id="page" class="site">Hello</div></body></html>`;
    expect(detectApps(wordpress)).toEqual([]);
    expect(detectApps("")).toEqual([]);
    expect(detectApps("<div><script src=")).toEqual([]);
  });

  it("takes a vendor's file kept in another shop's theme as the vendor's, and the store's own theme file only as backing", () => {
    const own = "https://cdn.shopify.com/s/files/1/0529/2579/2407";
    const theme = (files: string) =>
      buildDawnStorefrontHtml({
        head: [
          `<link rel="stylesheet" href="${own}/t/6/assets/theme.css">`,
          `<script src="${own}/t/6/assets/theme.js"></script>`,
          `<script src="${files}/t/1/assets/booster-page-speed-optimizer.js"></script>`,
        ].join("\n"),
      });
    expect(detectApps(theme("https://cdn.shopify.com/s/files/1/0194/1736/6592")).map((d) => [d.slug, d.confidence])).toEqual([
      ["booster-page-speed", "medium"],
    ]);
    expect(detectApps(theme(own))).toEqual([]);
  });

  it("reads an app's host in an inline script only as a URL, not as a name in code", () => {
    const page = (script: string) => buildDawnStorefrontHtml({ head: `<script>${script}</script>` });
    expect(detectApps(page("var conflicts = [/preorder-now.herokuapp.com/, /cdn.judge.me/];"))).toEqual([]);
    expect(detectApps(page('loadScript("https://preorder-now.herokuapp.com/widget/javascript");')).map((d) => d.slug)).toEqual([
      "pre-order-now",
    ]);
  });

  it("names an app by the comment its snippet writes", () => {
    const html = buildDawnStorefrontHtml({ body: "<!--LayoutHub-Workspace-Start--><section>Hero</section><!--LayoutHub-Workspace-End-->" });
    expect(detectApps(html).map((d) => [d.slug, d.source, d.confidence])).toEqual([["layouthub", "markup", "medium"]]);
  });

  it("finds the apps of a 1 MB storefront (speed: npm run bench:detect-apps)", () => {
    const html = largeStorefrontHtml();
    expect(html.length).toBeGreaterThan(1_000_000);
    expect(detectApps(html).map((d) => d.slug)).toEqual(["judge-me", "klaviyo", "gorgias"]);
  });
});
