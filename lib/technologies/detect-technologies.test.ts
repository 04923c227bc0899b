import { describe, expect, it } from "vitest";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { FORMER_TAG_APP_SAMPLES } from "@/testing/apps/app-samples";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { OTHER_TECHNOLOGIES } from "./catalog";
import { detectTechnologies, MAX_TECHNOLOGIES, technologiesOf } from "./detect-technologies";

const ASYNC_LOAD = `<script>(function() {
  function asyncLoad() {
    var urls = ["https:\\/\\/cdn.ryviu.com\\/v\\/static\\/js\\/app.js?shop=demo-store.myshopify.com","\\/\\/cdn.shopify.com\\/proxy\\/5a9de237\\/api.kount.com\\/shopify\\/js?m_id=602120\\u0026shop=demo-store.myshopify.com"];
    for (var i = 0; i < urls.length; i++) { var s = document.createElement('script'); s.src = urls[i]; }
  };
  window.addEventListener('load', asyncLoad, false);
})();</script>`;

const PAGE = buildDawnStorefrontHtml({
  head: [
    '<script src="https://js.sentry-cdn.com/0123456789abcdef.min.js" crossorigin="anonymous"></script>',
    "<script>Sentry.onLoad(function () { Sentry.init({ release: '1.0' }); }); window.__SENTRY__ = window.__SENTRY__ || {};</script>",
    '<script src="https://cdn.optimizely.com/js/123456.js"></script>',
    '<script src="https://static-na.payments-amazon.com/checkout.js"></script>',
    // A snippet that loads its script itself; a link to a vendor in a script is no installation.
    "<script>(function () { var mf = document.createElement('script'); mf.src = '//cdn.mouseflow.com/projects/0123.js'; })();</script>",
    "<script>window.settings = { help: 'https://www.adroll.com/help', video: 'https://cdn.mouseflow.com/demo.mp4' };</script>",
    ASYNC_LOAD,
    // A resource hint loads nothing, nor does a link naming a profile: no technology.
    '<link rel="preconnect" href="https://widget.getbutton.io">',
    '<link rel="me" href="https://static.getbutton.io/profile">',
    FORMER_TAG_APP_SAMPLES["google-tag-manager"] as string,
    FORMER_TAG_APP_SAMPLES.hotjar as string,
  ].join("\n"),
  body: [
    // Words and links in content are no installation.
    '<p>We love Optimizely and Sentry. <a href="https://www.getbutton.io/">GetButton</a></p>',
    '<div class="AfterpayMessage"></div>',
  ].join("\n"),
});

function technologiesOfPage(html: string) {
  const $ = loadHtml(html);
  const signals = readPageSignals($);

  return technologiesOf({ apps: reportStorefrontApps($).apps, tags: detectMarketing($).tags, technologies: detectTechnologies(signals) });
}

describe("detectTechnologies", () => {
  it("finds the technologies the page loads by their hosts, ScriptTags included, with a category and a source", () => {
    const found = detectTechnologies(readPageSignals(loadHtml(PAGE)));
    expect(found.map((tech) => [tech.slug, tech.category, tech.source, tech.evidence[0]?.source])).toEqual([
      ["sentry", "error-tracking", "hand", "script"],
      ["optimizely", "ab-testing", "hand", "script"],
      ["amazon-pay", "payments-bnpl", "hand", "script"],
      ["mouseflow", "analytics", "hand", "inline-script"],
      ["ryviu", "reviews", "wappalyzer@6.10.47", "script-tag"],
      // Shopify proxies the ScriptTag: the vendor's host is in the path.
      ["kount", "security", "hand", "proxied-script-tag"],
    ]);
  });

  it("adds a global or a class only as further evidence of a technology a host showed", () => {
    const [sentry] = detectTechnologies(readPageSignals(loadHtml(PAGE)));
    expect(sentry?.evidence).toEqual([
      { evidence: "https://js.sentry-cdn.com/0123456789abcdef.min.js", source: "script", confidence: "high" },
      { evidence: "inline script: __SENTRY__", source: "inline-script", confidence: "low" },
      { evidence: "inline script: Sentry.init", source: "inline-script", confidence: "low" },
    ]);
    // The Afterpay class alone reports nothing.
    expect(detectTechnologies(readPageSignals(loadHtml(PAGE))).map((tech) => tech.slug)).not.toContain("afterpay");
  });

  it("reports nothing on a bare storefront", () => {
    expect(detectTechnologies(readPageSignals(loadHtml(buildDawnStorefrontHtml())))).toEqual([]);
  });

  it("stays bounded on a hostile page of thousands of vendor scripts", () => {
    const scripts = Array.from({ length: 2_000 }, (_, i) => `<script src="https://x${i}.cdn.ryviu.com/${"x".repeat(500)}.js"></script>`);
    // One script of each imported technology with a host: far more technologies than a page may report.
    const hosts = OTHER_TECHNOLOGIES.flatMap((tech) => tech.hosts.slice(0, 1)).map(
      (host) => `<script src="https://${host}${host.includes("/") ? "" : "/"}a.js"></script>`,
    );
    expect(hosts.length).toBeGreaterThan(MAX_TECHNOLOGIES * 5);
    // And inline scripts of megabytes, full of near-misses of every global name.
    const inline = Array.from({ length: 20 }, () => `<script>${"xSentry.initx optimizelyx ".repeat(100_000)}</script>`);
    const page = readPageSignals(loadHtml(buildDawnStorefrontHtml({ head: [...scripts, ...hosts, ...inline].join("") })));
    const started = performance.now();
    const found = detectTechnologies(page);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(found.length).toBe(MAX_TECHNOLOGIES);
    expect(found.find((tech) => tech.slug === "ryviu")?.evidence).toHaveLength(10);
  });
});

describe("technologiesOf", () => {
  it("reports each technology once with all its evidence: a tag with its ids, apps and the rest beside it", () => {
    const list = technologiesOfPage(PAGE);
    const slugs = list.map((tech) => tech.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(list.filter((tech) => tech.name === "Google Tag Manager")).toHaveLength(1);
    expect(list.find((tech) => tech.slug === "google-tag-manager")).toMatchObject({
      kind: "tag",
      category: "tag-manager",
      ids: ["GTM-ABC1234"],
    });
    expect(list.find((tech) => tech.slug === "hotjar")).toMatchObject({ kind: "tag", category: "analytics" });
    expect(list.find((tech) => tech.slug === "sentry")?.evidence).toHaveLength(3);
  });

  it("reads an older report's pixel-as-app as its tag, so it still counts once", () => {
    const old = technologiesOf({
      apps: [
        {
          slug: "google-tag-manager",
          name: "Google Tag Manager",
          category: "analytics",
          evidence: "https://www.googletagmanager.com/gtm.js?id=GTM-1",
        },
        {
          slug: "klaviyo",
          name: "Klaviyo",
          category: "email-sms",
          evidence: "https://static.klaviyo.com/onsite/js/klaviyo.js",
          source: "script",
          confidence: "high",
        },
      ],
      tags: [
        {
          kind: "google-tag-manager",
          name: "Google Tag Manager",
          id: "GTM-1",
          evidence: "gtm.js?id=GTM-1",
          source: "script",
          confidence: "high",
        },
      ],
      technologies: [],
    });
    expect(old.map((tech) => [tech.slug, tech.kind, tech.evidence.length, tech.ids])).toEqual([
      ["google-tag-manager", "tag", 2, ["GTM-1"]],
      ["klaviyo", "app", 1, []],
    ]);
  });
});
