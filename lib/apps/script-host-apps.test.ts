import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { MAX_UNIDENTIFIED } from "./detect-apps";
import { reportStorefrontApps } from "./report-apps";

/** Shopify's ScriptTag loader, listing `urls` (written as Shopify writes them, JSON-escaped). */
function loader(urls: string[]): string {
  const list = urls.map((url) => JSON.stringify(url).replaceAll("/", "\\/")).join(",");
  return `<script>(function() { function asyncLoad() { var urls = [${list}]; for (var i = 0; i < urls.length; i++) {} } window.addEventListener('load', asyncLoad, false); })();</script>`;
}

function report(head: string, body = "", storeHost: string | null = "demo-store.com") {
  return reportStorefrontApps(loadHtml(buildDawnStorefrontHtml({ head, body })), { storeHost });
}

const hosts = (result: ReturnType<typeof report>) =>
  result.unidentified.filter((app) => app.script_host).map((app) => [app.script_host, app.source, app.confidence]);

describe("apps named by their ScriptTag host", () => {
  it("reports a ScriptTag no catalog knows as an unidentified app named by its host, with the URL as evidence", () => {
    const result = report(loader(["https://vd.kaktusapp.com/storage/js/kaktus.js?shop=demo-store.myshopify.com"]));
    expect(result.apps).toEqual([]);
    expect(result.unidentified).toEqual([
      {
        handle: null,
        api_client_id: null,
        script_host: "vd.kaktusapp.com",
        evidence: "https://vd.kaktusapp.com/storage/js/kaktus.js?shop=demo-store.myshopify.com",
        source: "script-tag",
        confidence: "high",
      },
    ]);
  });

  it("reports a vendor once however many of its hosts the loader lists, and a proxied ScriptTag by its vendor host", () => {
    const result = report(
      loader([
        "https://countdown.conversionbear.com/script?app=countdown&shop=demo-store.myshopify.com",
        "https://upsell.conversionbear.com/script?app=upsell&shop=demo-store.myshopify.com",
        "//cdn.shopify.com/proxy/5a9de237/tabs.stationmade.com/registered-scripts/tabs.js?shop=demo-store.myshopify.com",
        "https://gdprcdn.b-cdn.net/js/gdpr_cookie_consent.min.js?shop=demo-store.myshopify.com",
      ]),
    );
    expect(hosts(result)).toEqual([
      ["countdown.conversionbear.com", "script-tag", "high"],
      ["tabs.stationmade.com", "proxied-script-tag", "high"],
      ["gdprcdn.b-cdn.net", "script-tag", "high"],
    ]);
  });

  it("reports nothing for Shopify's hosts, theme files, the store's own domain, a tag or a public CDN", () => {
    const result = report(
      loader([
        "https://geolocation-recommendations.shopifyapps.com/locale_bar/script.js?shop=demo-store.myshopify.com",
        "https://cdn.shopify.com/s/files/1/0355/t/6/assets/quick-view.js?shop=demo-store.myshopify.com",
        "https://www.demo-store.com/whatsapp.js",
        "https://demo-store.myshopify.com/apps/otp/js/widget.js?shop=demo-store.myshopify.com",
        "https://www.googletagmanager.com/gtag/js?id=G-ABC123",
        "https://pbid.pro-market.net/engine?site=161169&size=1x1",
        "https://cdn.jsdelivr.net/gh/acme/widget@1/app.js?shop=demo-store.myshopify.com",
      ]),
    );
    expect(hosts(result)).toEqual([]);
    expect(result.unidentified.map((app) => app.proxy_path)).toEqual(["otp"]);
  });

  it("reads a ScriptTag served on an app proxy path as the store's own, whatever the page calls its domain", () => {
    const result = report(
      loader(["https://renamed-store.test/apps/giraffly-trust/trust-worker-202c.js?shop=demo-store.myshopify.com"]),
      "",
      null,
    );
    expect(result.unidentified.map((app) => [app.proxy_path, app.script_host, app.confidence])).toEqual([
      ["giraffly-trust", undefined, "medium"],
    ]);
  });

  it("leaves a host to the catalog or the list of technologies that knows it, and a vendor's other host to its app", () => {
    const result = report(
      [
        "<!-- BEGIN app block: shopify://apps/judge-me-reviews/blocks/judgeme_core/61ccd3b1 -->",
        loader([
          "https://cdn1.judge.me/assets/installed.js?shop=demo-store.myshopify.com",
          "https://cdn.ryviu.com/v/static/js/app.js?shop=demo-store.myshopify.com",
          "https://cdn.judge.me/widget.js?shop=demo-store.myshopify.com",
        ]),
      ].join("\n"),
    );
    expect(result.apps.map((app) => app.slug)).toEqual(["judge-me", "ryviu"]);
    expect(result.unidentified).toEqual([]);
  });

  it("still reports an unknown host on a site the catalog knows for several apps of one vendor", () => {
    const result = report(
      [
        '<script src="https://productoption.hulkapps.com/assets/js/options.js"></script>',
        loader(["https://contactform.hulkapps.com/skeletopapp.js?shop=demo-store.myshopify.com"]),
      ].join("\n"),
    );
    expect(result.apps.map((app) => app.slug)).toEqual(["hulk-product-options"]);
    expect(hosts(result)).toEqual([["contactform.hulkapps.com", "script-tag", "high"]]);
  });

  it("does not name an app twice when its host or path carries a name the page already gave it", () => {
    const result = report(
      [
        "<!-- BEGIN app block: shopify://apps/smartseo/blocks/smartseo/0f1e2d3c -->",
        `<script src="https://cdn.shopify.com/extensions/35ea8c06-f706-4d25-a6f7-df8985b238c7/hextom-announce-bar-69/assets/bar.js"></script>`,
        loader([
          "https://shopify-script-tags.s3.eu-west-1.amazonaws.com/smartseo/instantpage.js?shop=demo-store.myshopify.com",
          "https://cdn.hextom.com/js/unknown-bar.js?shop=demo-store.myshopify.com",
        ]),
      ].join("\n"),
    );
    expect(result.unidentified.map((app) => app.handle ?? app.script_host)).toEqual(["smartseo", "hextom-announce-bar"]);
  });

  it("does not name a vendor's site again beside a handle holding its name (sticky-cart-by-uplinkly, uplinkly-static.com)", () => {
    const result = report(
      "<!-- BEGIN app block: shopify://apps/sticky-cart-by-uplinkly/blocks/cart-animator/25fba6ad -->",
      '<script src="https://sticky-cart.uplinkly-static.com/public/sticky-cart/animation.js"></script>' +
        '<script src="https://cdn.static-cart.test/cart.js"></script>',
    );
    expect(result.unidentified.map((app) => app.handle ?? app.script_host)).toEqual(["sticky-cart-by-uplinkly", "cdn.static-cart.test"]);
  });

  it("names a ScriptTag on a shared host by a catalog app its URL names, and only a ScriptTag on a shared host", () => {
    const result = report(
      loader([
        "https://d34uoa9py2cgca.cloudfront.net/shopify-app/helper-scripts/sezzle-footer-logo-fix.js?shop=demo-store.myshopify.com",
        "https://d10lpsik1i8c69.cloudfront.net/w.js?shop=demo-store.myshopify.com",
        "https://cdn.acme-apps.test/loox/app.js?shop=demo-store.myshopify.com",
      ]),
      '<script src="https://d2abc.cloudfront.net/yotpo/loader.js"></script>',
    );
    expect(result.apps.map((app) => [app.slug, app.source, app.confidence])).toEqual([["sezzle", "script-tag", "high"]]);
    expect(hosts(result)).toEqual([
      ["d10lpsik1i8c69.cloudfront.net", "script-tag", "high"],
      ["cdn.acme-apps.test", "script-tag", "high"],
    ]);
  });

  it("caps the unidentified apps of a page listing thousands of hosts", () => {
    const urls = Array.from({ length: 5_000 }, (_, i) => `https://cdn.vendor${i}.test/app.js?shop=demo-store.myshopify.com`);
    const result = report(loader(urls));
    expect(result.unidentified.length).toBe(MAX_UNIDENTIFIED);
    expect(result.unidentified.every((app) => app.evidence.length <= 160)).toBe(true);
  });
});

describe("apps named by the host of a script the page loads", () => {
  it("reports a script from a vendor's own host, less surely than a ScriptTag", () => {
    const result = report('<script src="https://bridge.shopflo.com/js/shopflo.bundle.js"></script>');
    expect(hosts(result)).toEqual([["bridge.shopflo.com", "script", "medium"]]);
  });

  it("reports no library CDN, platform SDK, shared host or store asset", () => {
    const result = report(
      [
        '<script src="https://cdnjs.cloudflare.com/ajax/libs/gsap/3.11.5/gsap.min.js"></script>',
        '<script src="https://cdn.jsdelivr.net/npm/swiper@11/swiper-bundle.min.js"></script>',
        '<script src="https://www.google.com/recaptcha/api.js"></script>',
        '<script src="https://maps.googleapis.com/maps/api/js?key=x"></script>',
        '<script src="https://www.paypal.com/sdk/js?client-id=x"></script>',
        '<script src="https://d21yesh77pw85v.cloudfront.net/static/js/cart_renderer.js"></script>',
        '<script src="https://navidium-static-assets.s3.amazonaws.com/widgets/checker.js"></script>',
        '<script src="https://idn.demo-store.com/cdn/shop/t/2/assets/global.js"></script>',
      ].join("\n"),
    );
    expect(hosts(result)).toEqual([]);
  });

  it("reports a script from a tenant of an app platform (Heroku, Firebase …): the tenant is an app", () => {
    const result = report(
      [
        '<script src="https://restock-ping.herokuapp.com/widget/javascript?shop=demo-store.myshopify.com"></script>',
        '<script src="https://spin-wheel-a62f3.firebaseapp.com/embed.js"></script>',
        '<script src="https://d21yesh77pw85v.cloudfront.net/static/js/cart_renderer.js"></script>',
      ].join("\n"),
    );
    expect(hosts(result)).toEqual([
      ["restock-ping.herokuapp.com", "script", "medium"],
      ["spin-wheel-a62f3.firebaseapp.com", "script", "medium"],
    ]);
  });
});
