import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { MAX_TAGS } from "./collect-tags";
import { detectMarketing } from "./detect-tags";

const MB = 1_000_000;

function tagsOf(html: string) {
  return detectMarketing(loadHtml(html)).tags.map(({ kind, id, source }) => ({ kind, id, source }));
}

function webPixels(list: unknown[]): string {
  return `<script>window.ShopifyAnalytics = {}; webPixelsConfigList: ${JSON.stringify(list)}, more: 1</script>`;
}

describe("tags from Shopify's web pixels", () => {
  it("reads each app pixel's id from its configuration, Google's ids from its nested config", () => {
    const google = {
      pixel_id: "G-ABC123XYZ9",
      gtag_events: [{ type: "purchase", action_label: ["G-ABC123XYZ9", "AW-123456789/aBcD", "MC-XYZ12345"] }],
    };
    const html = webPixels([
      { id: "1", type: "APP", apiClientId: 1780363, configuration: JSON.stringify({ config: JSON.stringify(google) }) },
      {
        id: "2",
        type: "APP",
        apiClientId: 2329312,
        configuration: JSON.stringify({ pixel_id: "1234567890", pixel_type: "facebook_pixel" }),
      },
      { id: "3", type: "APP", apiClientId: 3009811, configuration: JSON.stringify({ tagID: "2614000000000" }) },
      { id: "4", type: "APP", apiClientId: 4383523, configuration: JSON.stringify({ pixelCode: "CFPT7PJC77U9JM5JVMRG" }) },
      { id: "5", type: "APP", apiClientId: 2556259, configuration: JSON.stringify({ pixelId: "eafb0fb0-774e-4fb3-829a-b16a9a69b34e" }) },
      { id: "6", type: "APP", apiClientId: 123074, configuration: JSON.stringify({ publicApiKey: "AbCdEf" }) },
    ]);

    expect(tagsOf(html)).toEqual([
      { kind: "google-analytics-4", id: "G-ABC123XYZ9", source: "web-pixel" },
      { kind: "google-ads", id: "AW-123456789", source: "web-pixel" },
      { kind: "meta-pixel", id: "1234567890", source: "web-pixel" },
      { kind: "pinterest-tag", id: "2614000000000", source: "web-pixel" },
      { kind: "tiktok-pixel", id: "CFPT7PJC77U9JM5JVMRG", source: "web-pixel" },
      { kind: "snapchat-pixel", id: "eafb0fb0-774e-4fb3-829a-b16a9a69b34e", source: "web-pixel" },
    ]);
  });

  it("counts and names custom pixels, not Shopify's own", () => {
    const html = webPixels([
      { id: "shopify-app-pixel", type: "APP", configuration: "{}" },
      { id: "shopify-custom-pixel", type: "CUSTOM" },
      { id: "11", type: "CUSTOM", name: "Reddit Pixel" },
      { id: "12", type: "CUSTOM" },
    ]);

    expect(detectMarketing(loadHtml(html)).custom_pixels).toEqual({ count: 2, names: ["Reddit Pixel"] });
  });
});

describe("tags from trekkie's settings", () => {
  it("reads Universal Analytics, the Google channel, Meta, Pinterest and TikTok", () => {
    const settings = {
      Trekkie: { appName: "storefront" },
      "Google Analytics": { trackingId: "UA-109478210-1" },
      "Facebook Pixel": { pixelIds: ["265848547272590", "111111111111"] },
      "Pinterest Pixel": { pixelId: "2612534850004" },
      "TikTok Pixel": { pixelId: "C0QS0D6F998V43B91IN0" },
      "Google Gtag Pixel": {
        conversionId: "G-P29BX59ERS",
        eventLabels: [{ type: "search", action_label: ["G-P29BX59ERS", "AW-11157212794/x"] }],
      },
    };
    const html = `<script>trekkie.load(\n  ${JSON.stringify(settings)}\n);</script>`;

    expect(tagsOf(html).map(({ kind, id }) => `${kind} ${id}`)).toEqual([
      "universal-analytics UA-109478210-1",
      "google-analytics-4 G-P29BX59ERS",
      "google-ads AW-11157212794",
      "meta-pixel 265848547272590",
      "meta-pixel 111111111111",
      "pinterest-tag 2612534850004",
      "tiktok-pixel C0QS0D6F998V43B91IN0",
    ]);
    expect(new Set(tagsOf(html).map((tag) => tag.source))).toEqual(new Set(["trekkie"]));
  });
});

describe("tags from scripts, snippets, images and iframes", () => {
  it.each([
    [
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-Q9BCVDH9JL"></script>',
      "google-analytics-4",
      "G-Q9BCVDH9JL",
      "script",
    ],
    ["<script>gtag('config', 'AW-809103448', {'send_page_view': false});</script>", "google-ads", "AW-809103448", "inline-script"],
    ['<script>gtag("config","GT-K4ABCDE");</script>', "google-tag", "GT-K4ABCDE", "inline-script"],
    ["<script>})(window, document, 'script', 'dataLayer', 'GTM-N7RL24D');</script>", "google-tag-manager", "GTM-N7RL24D", "inline-script"],
    ['<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-N7RL24D"></iframe>', "google-tag-manager", "GTM-N7RL24D", "iframe"],
    ['<script src="https://www.googleoptimize.com/optimize.js?id=GTM-KR9RC3L"></script>', "google-optimize", "GTM-KR9RC3L", "script"],
    ["<script>ga('create', 'UA-1234567-2', 'auto');</script>", "universal-analytics", "UA-1234567-2", "inline-script"],
    ["<script>fbq('init', '601470738308919');</script>", "meta-pixel", "601470738308919", "inline-script"],
    [
      '<noscript><img src="https://www.facebook.com/tr?id=601470738308919&ev=PageView&noscript=1"></noscript>',
      "meta-pixel",
      "601470738308919",
      "image",
    ],
    ["<script>ttq.load('C0QS0D6F998V43B91IN0'); ttq.page();</script>", "tiktok-pixel", "C0QS0D6F998V43B91IN0", "inline-script"],
    ["<script>pintrk('load', '2612534850004', {em: ''});</script>", "pinterest-tag", "2612534850004", "inline-script"],
    [
      "<script>snaptr('init', '1190899a-0a4b-46cd-9ea7-7d7b7b8ad3e9', {});</script>",
      "snapchat-pixel",
      "1190899a-0a4b-46cd-9ea7-7d7b7b8ad3e9",
      "inline-script",
    ],
    ['<script>})(window, document, "clarity", "script", "r560ruc5yu");</script>', "microsoft-clarity", "r560ruc5yu", "inline-script"],
    [
      "<script>h._hjSettings={hjid:1335704,hjsv:6};a.src='https://static.hotjar.com/c/hotjar-'</script>",
      "hotjar",
      "1335704",
      "inline-script",
    ],
    ['<script>var o={ti:"26030929"};n.src="//bat.bing.com/bat.js"</script>', "microsoft-ads", "26030929", "inline-script"],
    ["<script>twq('init','o6f19');</script>", "x-pixel", "o6f19", "inline-script"],
    ["<script>rdt('init','t2_abc123');</script>", "reddit-pixel", "t2_abc123", "inline-script"],
    [
      "<script>qp('init', '23e8a66a1647491c90a528e2e6084b2e');</script>",
      "quora-pixel",
      "23e8a66a1647491c90a528e2e6084b2e",
      "inline-script",
    ],
    ['<script>_qevents.push({qacct:"p-85GBSuMAEMYVa"});</script>', "quantcast", "p-85GBSuMAEMYVa", "inline-script"],
    ['<script>_linkedin_partner_id = "1234567";</script>', "linkedin-insight", "1234567", "inline-script"],
    ['<script src="//b-code.liadm.com/a-01yt.min.js"></script>', "liveintent", "a-01yt", "script"],
    [
      "<script>w.spdt('conf', {\n   key: '84e11851a3b548328042bf58e87fe1c9'\n});</script>",
      "spotify-pixel",
      "84e11851a3b548328042bf58e87fe1c9",
      "inline-script",
    ],
    [
      '<script src="//cdn-4.convertexperiments.com/v1/js/10043014-10044146.js"></script>',
      "convert-experiments",
      "10043014-10044146",
      "script",
    ],
    [
      '<script>function asyncLoad(){var urls=["https:\\/\\/intg.snapchat.com\\/shopify\\/shopify-scevent.js?id=1190899a-0a4b-46cd-9ea7-7d7b7b8ad3e9\\u0026shop=x.myshopify.com"]}</script>',
      "snapchat-pixel",
      "1190899a-0a4b-46cd-9ea7-7d7b7b8ad3e9",
      "script-tag",
    ],
    ['<script src="https://cdn.utmify.com.br/scripts/utms/latest.js"></script>', "utmify", null, "script"],
    ["<script>var google_conversion_id = 939450603;</script>", "google-ads", "AW-939450603", "inline-script"],
    [
      '<img src="https://googleads.g.doubleclick.net/pagead/viewthroughconversion/939450603/?value=0&guid=ON&script=0">',
      "google-ads",
      "AW-939450603",
      "image",
    ],
    ["<script>window._tfa.push({notify: 'event', name: 'page_view', id: 1300841});</script>", "taboola-pixel", "1300841", "inline-script"],
    [
      "<script>var OB_ADV_ID='0026726cc01376cc35475300c637f07116';</script>",
      "outbrain-pixel",
      "0026726cc01376cc35475300c637f07116",
      "inline-script",
    ],
    ["<script>kwaiq.load('422195272451376701'); kwaiq.page();</script>", "kwai-pixel", "422195272451376701", "inline-script"],
    [
      "<script>n.src='https://connect.facebook.net/signals/config/219702928802167?v=2.9.111&r=stable';</script>",
      "meta-pixel",
      "219702928802167",
      "inline-script",
    ],
    // A saved copy's renamed files still carry the ids.
    ['<iframe src="../www.googletagmanager.com/nsbf42.html?id=GTM-PHSZ66D"></iframe>', "google-tag-manager", "GTM-PHSZ66D", "iframe"],
  ])("%s", (html, kind, id, source) => {
    expect(tagsOf(html)).toEqual([{ kind, id, source }]);
  });

  it("keeps one tag per kind and id, with its strongest evidence", () => {
    const html = `<script src="https://connect.facebook.net/en_US/fbevents.js"></script>
      <script>fbq('init', '601470738308919');</script>
      <noscript><img src="https://www.facebook.com/tr?id=601470738308919&ev=PageView"></noscript>`;
    const marketing = detectMarketing(loadHtml(html));

    expect(marketing.tags).toEqual([
      {
        kind: "meta-pixel",
        name: "Meta pixel",
        id: "601470738308919",
        evidence: "fbq('init', '601470738308919'",
        source: "inline-script",
        confidence: "high",
      },
    ]);
  });

  it("takes no resource hint, bare comment, placeholder or look-alike for a tag", () => {
    const html = `<link rel="dns-prefetch" href="https://connect.facebook.net"><link rel="preconnect" href="https://analytics.tiktok.com">
      <!-- Google Tag Manager --><!-- Hotjar Tracking Code for https://shop.test -->
      <script async src="./googletagmanager.com/gtag/js?id=TAG_ID"></script>
      <script>gtag('config', 'MC-XYZ12345'); myfbq('init', '123456789'); omega('create', 'UA-1234567-1'); var x = {multi:"26030929"};</script>`;

    expect(tagsOf(html)).toEqual([]);
  });
});

describe("on hostile pages", () => {
  it("reads megabytes of repeated snippet openings at once, and reports at most MAX_TAGS", () => {
    expect(tagsOf(`<script>${"gtag('config','G-".repeat((5 * MB) / 17)}</script>`)).toEqual([]);
    const distinct = Array.from({ length: 100_000 }, (_, i) => `fbq('init','${1_000_000 + i}');`).join("");
    expect(tagsOf(`<script>${distinct}</script>`)).toHaveLength(MAX_TAGS);
  });

  it("caps 100,000 web pixels", () => {
    const pixels = Array.from({ length: 100_000 }, (_, i) => ({ id: String(i), type: "CUSTOM", name: `p${i}` }));
    const marketing = detectMarketing(loadHtml(webPixels(pixels)));

    expect(marketing.custom_pixels.count).toBeLessThanOrEqual(100);
    expect(marketing.custom_pixels.names.length).toBeLessThanOrEqual(100);
  });

  it("cuts evidence to 160 characters", () => {
    const src = `https://cdn.utmify.com.br/scripts/${"a".repeat(1_000)}.js`;

    expect(detectMarketing(loadHtml(`<script src="${src}"></script>`)).tags[0]?.evidence).toHaveLength(160);
  });
});
