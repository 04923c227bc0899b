import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { detectTechnologies, technologiesOf } from "@/lib/technologies/detect-technologies";
import { APP_DETECTOR_SOURCE } from "@/lib/technologies/schemas";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { reportStorefrontApps } from "./report-apps";

const ASYNC_LOAD = `<script>(function() {
  function asyncLoad() {
    var urls = ["https:\\/\\/cdn.ryviu.com\\/v\\/static\\/js\\/app.js?shop=demo-store.myshopify.com","\\/\\/cdn.shopify.com\\/proxy\\/5a9de237\\/api.kount.com\\/shopify\\/js?m_id=602120\\u0026shop=demo-store.myshopify.com"];
    for (var i = 0; i < urls.length; i++) { var s = document.createElement('script'); s.src = urls[i]; }
  };
  window.addEventListener('load', asyncLoad, false);
})();</script>`;

const PAGE = buildDawnStorefrontHtml({
  head: [
    // A Shopify app the fingerprint base knows (Carro), loaded by the page.
    '<script src="https://getcarro.com/widget/app.js?shop=demo-store.myshopify.com"></script>',
    // Technologies the base does not file as Shopify apps: as ScriptTags, only an app puts them there.
    ASYNC_LOAD,
    // A plain technology loaded by the theme is no app.
    '<script src="https://js.sentry-cdn.com/0123456789abcdef.min.js"></script>',
    // Our catalog's app, named once although the base once listed it too.
    '<script src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=AbC123"></script>',
  ].join("\n"),
});

describe("reportStorefrontApps", () => {
  it("reports the technology list's apps beside the catalog's: the base's Shopify apps, and what Shopify's ScriptTag loader lists", () => {
    const { apps } = reportStorefrontApps(loadHtml(PAGE));
    expect(apps.map((app) => [app.slug, app.source])).toEqual([
      ["klaviyo", "script"],
      ["carro", "script"],
      ["ryviu", "script-tag"],
      ["kount", "proxied-script-tag"],
    ]);
    expect(apps.find((app) => app.slug === "kount")).toMatchObject({ name: "Kount", category: "security", confidence: "high" });
  });

  it("counts each once in the one list, as an app", () => {
    const $ = loadHtml(PAGE);
    const list = technologiesOf({
      apps: reportStorefrontApps($).apps,
      tags: detectMarketing($).tags,
      technologies: detectTechnologies(readPageSignals($)),
    });
    const slugs = list.map((tech) => tech.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(list.filter((tech) => tech.kind === "app").map((tech) => tech.slug)).toEqual(["klaviyo", "carro", "ryviu", "kount"]);
    expect(list.find((tech) => tech.slug === "sentry")?.kind).toBe("technology");
  });

  it("reports Shopify's own apps named by their blocks as first-party, never as unidentified third parties", () => {
    const html = buildDawnStorefrontHtml({
      body: [
        "<!-- BEGIN app block: shopify://apps/forms/blocks/inline/8744a304-fcb1-4347-b211-bb6b4759a76a -->x<!-- END app block -->",
        "<!-- BEGIN app block: shopify://apps/subscriptions/blocks/app-block/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b -->x<!-- END app block -->",
      ].join("\n"),
    });
    const { apps, unidentified } = reportStorefrontApps(loadHtml(html));
    expect(apps.map((app) => [app.slug, app.first_party])).toEqual([
      ["shopify-subscriptions", true],
      ["shopify-forms", true],
    ]);
    expect(unidentified).toEqual([]);
  });

  it("reports the imported list of Shopify apps' apps by the ScriptTags they register, under their App Store handle", () => {
    const html = buildDawnStorefrontHtml({
      head: [
        `<script>(function() {
  function asyncLoad() {
    var urls = ["https:\\/\\/pxu-recent-sales-apps.s3.amazonaws.com\\/recent-sales\\/recent-sales.js?shop=demo-store.myshopify.com","https:\\/\\/hektorcommerce.com\\/apps\\/trustbadge\\/files\\/js\\/dist\\/trustbadge.min.js?shop=demo-store.myshopify.com"];
    for (var i = 0; i < urls.length; i++) { var s = document.createElement('script'); s.src = urls[i]; }
  };
  window.addEventListener('load', asyncLoad, false);
})();</script>`,
        // Another bucket of the same storage is not the app.
        '<script src="https://theme-assets.s3.amazonaws.com/recent-sales/app.js"></script>',
      ].join("\n"),
    });
    const $ = loadHtml(html);
    const { apps, unidentified } = reportStorefrontApps($);
    expect(apps.map((app) => [app.slug, app.name, app.source, app.confidence])).toEqual([
      ["bizzy-social-proof", "Bizzy", "script-tag", "high"],
      ["trust-badge", "Trust Badge", "script-tag", "high"],
    ]);
    // Named, so not also an unidentified script host.
    expect(unidentified.map((app) => app.script_host)).not.toContain("pxu-recent-sales-apps.s3.amazonaws.com");
    const list = technologiesOf({ apps, tags: detectMarketing($).tags, technologies: detectTechnologies(readPageSignals($)) });
    expect(list.filter((tech) => tech.source === APP_DETECTOR_SOURCE).map((tech) => [tech.slug, tech.kind])).toEqual([
      ["bizzy-social-proof", "app"],
      ["trust-badge", "app"],
    ]);
  });

  it("reports no technology app on a bare storefront", () => {
    expect(reportStorefrontApps(loadHtml(buildDawnStorefrontHtml())).apps).toEqual([]);
  });
});
