import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { detectAppTraces, MAX_UNIDENTIFIED } from "./detect-apps";
import { extensionFolderHandle } from "./shopify-app-traces";

const UUID = "35ea8c06-f706-4d25-a6f7-df8985b238c7";

function traces(head: string, body = "") {
  return detectAppTraces(loadHtml(buildDawnStorefrontHtml({ head, body })));
}

function pixelList(entries: string): string {
  return `<script>webPixelsManagerAPI.init({shopId: 1, webPixelsConfigList: [${entries}]});</script>`;
}

describe("app blocks and embeds (shopify://apps/<handle>/…)", () => {
  it("maps a known handle to its catalog app, with the comment as evidence", () => {
    const result = traces(
      "<!-- BEGIN app block: shopify://apps/judge-me-reviews/blocks/judgeme_core/61ccd3b1-a9f2-4160-9fe9-4fec84133d6a -->x<!-- END app block -->",
    );
    expect(result.apps).toEqual([
      {
        slug: "judge-me",
        evidence: "BEGIN app block: shopify://apps/judge-me-reviews/blocks/judgeme_core/61ccd3b1-a9f2-4160-9fe9-4fec84133d6a",
        source: "app-block",
        confidence: "high",
      },
    ]);
    expect(result.unidentified).toEqual([]);
  });

  it("reports an unknown handle as unidentified, never as a catalog app", () => {
    const result = traces("<!-- BEGIN app block: shopify://apps/acme-upsell/blocks/embed/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b -->");
    expect(result.apps).toEqual([]);
    expect(result.unidentified).toEqual([
      expect.objectContaining({ handle: "acme-upsell", api_client_id: null, source: "app-block", confidence: "high" }),
    ]);
  });

  it("ignores the block of an uninstalled app (Shopify's 'Failed to render' comment)", () => {
    const result = traces(
      '<!-- Failed to render app block "892": app block path "shopify://apps/ali-reviews/blocks/widget-popup/bf2e" does not exist -->',
    );
    expect(result).toEqual({ apps: [], unidentified: [] });
  });

  it("reads a block path inside an inline script (JSON-escaped) with medium confidence", () => {
    const result = traces('<script>var blocks = ["shopify:\\/\\/apps\\/klaviyo-email-marketing-sms\\/blocks\\/embed"];</script>');
    expect(result.apps).toEqual([expect.objectContaining({ slug: "klaviyo", source: "inline-script", confidence: "medium" })]);
  });
});

describe("app extension assets (cdn.shopify.com/extensions/<uuid>/<name>-<version>/…)", () => {
  it("maps the folder name, without its version, to the catalog app", () => {
    const result = traces(`<script src="https://cdn.shopify.com/extensions/${UUID}/ldt-gift-wrap-526/assets/ldt.js" defer></script>`);
    expect(result.apps).toEqual([expect.objectContaining({ slug: "ldt-gift-wrap", source: "app-extension", confidence: "high" })]);
  });

  it("reads stylesheets, inline loaders and the paths page savers rewrite", () => {
    expect(
      traces(`<link rel="stylesheet" href="//cdn.shopify.com/extensions/${UUID}/qikify-bogo-freegift-222/assets/a.css">`).apps,
    ).toEqual([expect.objectContaining({ slug: "qikify-bogo" })]);
    expect(
      traces(`<script>s.src = 'https:\\/\\/cdn.shopify.com\\/extensions\\/${UUID}\\/ecomsend-popups-11\\/assets\\/a.js';</script>`).apps,
    ).toEqual([expect.objectContaining({ slug: "ecomsend-popups", source: "inline-script", confidence: "medium" })]);
    expect(traces(`<script src="extensions/${UUID}/ecomsend-popups-11/assets/a.js"></script>`).apps).toEqual([
      expect.objectContaining({ slug: "ecomsend-popups", source: "app-extension" }),
    ]);
  });

  it("reports an unknown folder by its name; a folder without a name names no app", () => {
    const result = traces(
      `<script src="https://cdn.shopify.com/extensions/${UUID}/acme-bar-3/assets/a.js"></script>` +
        `<script src="https://cdn.shopify.com/extensions/${UUID}/1.1.0/assets/font.js"></script>`,
    );
    expect(result.apps).toEqual([]);
    expect(result.unidentified.map((u) => u.handle)).toEqual(["acme-bar"]);
  });

  it("takes odd folder names apart safely", () => {
    expect(extensionFolderHandle("globo-product-option-276")).toBe("globo-product-option");
    expect(extensionFolderHandle("app-1.2.3")).toBeNull();
    expect(extensionFolderHandle("theme-app-extension-12")).toBeNull();
    expect(extensionFolderHandle("customer-referral-app-3")).toBe("customer-referral-app");
    expect(extensionFolderHandle("1.1.0")).toBeNull();
    expect(extensionFolderHandle("-12")).toBeNull();
    expect(extensionFolderHandle("x<script>-1")).toBeNull();
    expect(extensionFolderHandle("ab-1")).toBeNull();
    expect(extensionFolderHandle("name-v2")).toBeNull();
    // A folder named by a hash names no listing.
    expect(extensionFolderHandle("8a22979f73c40a316bbd935441390f3cf0e21b81-25284")).toBeNull();
    expect(traces(`<script src="https://cdn.shopify.com/extensions/not-a-uuid/acme-bar-3/a.js"></script>`).unidentified).toEqual([]);
  });

  it("keeps Shopify's own app (Inbox) apart as first-party", () => {
    const result = traces(`<script src="https://cdn.shopify.com/extensions/${UUID}/inbox-1238/assets/inbox-chat-loader.js"></script>`);
    expect(result.apps).toEqual([expect.objectContaining({ slug: "shopify-inbox", source: "app-extension" })]);
  });
});

describe("web pixels (webPixelsConfigList apiClientId)", () => {
  it("maps a known client id, reports an unknown one, and skips Shopify's own pixels", () => {
    const result = traces(
      pixelList(
        '{"id":"shopify-app-pixel","type":"APP"},' +
          '{"id":"1","type":"APP","apiClientId":1780363,"configuration":"{\\"pixel_id\\":\\"G-X\\"}"},' +
          '{"id":"2","type":"APP","apiClientId":6348385},{"id":"3","type":"CUSTOM","name":"Reddit Pixel"}',
      ),
    );
    expect(result.apps).toEqual([
      { slug: "google-youtube", evidence: "web pixel 1: apiClientId 1780363", source: "web-pixel", confidence: "high" },
    ]);
    expect(result.unidentified).toEqual([
      { handle: null, api_client_id: 6348385, evidence: "web pixel 2: apiClientId 6348385", source: "web-pixel", confidence: "high" },
    ]);
  });
});

describe("ScriptTags", () => {
  it("reads a proxied ScriptTag by the vendor host inside Shopify's proxy path", () => {
    const loader = `<script>function asyncLoad(){var urls=["\\/\\/cdn.shopify.com\\/proxy\\/3400ca7613dbc6364df804d981d8333c\\/api.goaffpro.com\\/loader.js?shop=x.myshopify.com"];}</script>`;
    expect(traces(loader).apps).toEqual([expect.objectContaining({ slug: "goaffpro", source: "proxied-script-tag", confidence: "high" })]);
  });

  it("keeps the strongest trace when an app leaves several", () => {
    const result = traces(
      '<script>var _learnq = _learnq || [];</script><script src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=A"></script>',
      '<div class="klaviyo-form-AbC"></div>',
    );
    expect(result.apps).toEqual([expect.objectContaining({ slug: "klaviyo", source: "script", confidence: "high" })]);
  });
});

describe("resource hints are never an installed app", () => {
  it("ignores dns-prefetch, preconnect and prefetch links, as tags and as markup written by a script", () => {
    const hints = [
      '<link rel="dns-prefetch" href="https://static.klaviyo.com">',
      '<link rel="preconnect" href="https://cdn.judge.me" crossorigin>',
      `<link rel="prefetch" href="https://cdn.shopify.com/extensions/${UUID}/ldt-gift-wrap-526/assets/ldt.js">`,
      '<script>var head = "\\u003clink rel=\\"preconnect\\" href=\\"https:\\/\\/analytics.tiktok.com\\" crossorigin=\\"\\"\\u003e";</script>',
    ].join("\n");
    expect(traces(hints)).toEqual({ apps: [], unidentified: [] });
  });
});

describe("hostile pages", () => {
  it("10,000 app-block comments: one pass, at most MAX_UNIDENTIFIED entries", () => {
    const comments = Array.from(
      { length: 10_000 },
      (_, i) => `<!-- BEGIN app block: shopify://apps/fake-app-${i}/blocks/b/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b -->`,
    ).join("");
    const result = traces("", comments);
    expect(result.unidentified).toHaveLength(MAX_UNIDENTIFIED);
    expect(result.apps).toEqual([]);
  });

  it("a 2 MB proxied URL and a 2 MB script of extension paths stay linear and capped", () => {
    const longUrl = `https://cdn.shopify.com/proxy/${"a".repeat(64)}/api.goaffpro.com/${"x/".repeat(1_000_000)}loader.js`;
    const paths = Array.from(
      { length: 20_000 },
      (_, i) => `"https:\\/\\/cdn.shopify.com\\/extensions\\/${UUID}\\/odd%20name<${i}>-${i}\\/a.js"`,
    ).join(",");
    const oddHandles = Array.from({ length: 20_000 }, (_, i) => `"cdn.shopify.com/extensions/${UUID}/x${i}-${i}/a.js"`).join(",");
    const result = traces(`<script src="${longUrl}"></script><script>var a=[${paths}];var b=[${oddHandles}];</script>`);
    expect(result.apps).toEqual([expect.objectContaining({ slug: "goaffpro", source: "proxied-script-tag" })]);
    expect(result.apps[0]?.evidence.length).toBeLessThanOrEqual(160);
    expect(result.unidentified.length).toBeLessThanOrEqual(MAX_UNIDENTIFIED);
    expect(result.unidentified.every((u) => u.handle === null || /^[a-z0-9_-]+$/.test(u.handle))).toBe(true);
  });
});

describe("app proxies (/apps/<subpath> on the store's own host)", () => {
  function proxies(head: string, body = "", storeHost: string | null = "debonair-tea.com") {
    return detectAppTraces(loadHtml(buildDawnStorefrontHtml({ head, body })), { storeHost });
  }

  it("maps a proxy path read on a real page to its catalog app", () => {
    const result = proxies("", '<a href="https://debonair-tea.com/apps/buckscc/settings?shop=x">Currency</a>');
    expect(result.apps).toEqual([
      expect.objectContaining({
        slug: "bucks-currency-converter",
        source: "app-proxy",
        confidence: "medium",
        evidence: "https://debonair-tea.com/apps/buckscc/settings?shop=x",
      }),
    ]);
  });

  it("counts a proxy path in a theme snippet only as a low trace: no app, and no unidentified one", () => {
    const snippet =
      '<script>window.LDT_GIFTWRAP.EMBED.appProxyPath = "/apps/ldt-giftwrap"; var c = {"proxy_paths":{"rev":"\\/apps\\/ba-rev"}};</script>';
    expect(proxies(snippet)).toEqual({ apps: [], unidentified: [] });
    expect(detectAppTraces(loadHtml(buildDawnStorefrontHtml({ head: snippet })), { minConfidence: "low" }).apps).toEqual([
      expect.objectContaining({ slug: "ldt-gift-wrap", source: "app-proxy", confidence: "low" }),
    ]);
  });

  it("reports an unknown proxy by its path, from links, scripts and absolute URLs on the store's host", () => {
    const result = proxies(
      '<script src="/apps/acme-bundles/loader.js?shop=x"></script>',
      '<a href="https://debonair-tea.com/apps/track-my-order">Track</a><a href="//debonair-tea.myshopify.com/apps/wholesale?x=1">W</a>',
    );
    expect(result.apps).toEqual([]);
    expect(result.unidentified.map((app) => [app.proxy_path, app.handle, app.source])).toEqual([
      ["acme-bundles", null, "app-proxy"],
      ["track-my-order", null, "app-proxy"],
      ["wholesale", null, "app-proxy"],
    ]);
  });

  it("takes a proxy on the store's domain however the page names it: www. or not, its canonical address", () => {
    expect(proxies("", '<a href="https://debonair-tea.com/apps/track-my-order">Track</a>', "www.debonair-tea.com").unidentified).toEqual([
      expect.objectContaining({ proxy_path: "track-my-order", confidence: "medium" }),
    ]);
    const canonical = '<link rel="canonical" href="https://shop.debonair-tea.com/">';
    expect(proxies(canonical, '<a href="https://debonair-tea.com/apps/wholesale">W</a>', null).unidentified).toEqual([
      expect.objectContaining({ proxy_path: "wholesale" }),
    ]);
  });

  it("ignores /apps/ paths of other sites and of app handles", () => {
    const result = proxies(
      `<a href="https://play.google.com/store/apps/details?id=x">App</a>
       <a href="https://apps.shopify.com/acme">Acme</a>
       <script src="https://boosterapps.com/apps/back-in-stock/packs/x.js"></script>
       <a href="https://other-shop.com/apps/foo">x</a>
       <script>var u = "https://cdn.example.com/apps/bar.js"; var ok = "/apps/"; var odd = "/apps/a$b";</script>`,
    );
    expect(result.unidentified.filter((app) => app.proxy_path)).toEqual([]);
  });

  it("takes an /apps/ path in a URL the catalog names for its app's own, not a proxy", () => {
    // A ScriptTag on `/apps/` passes for the store's domain when the page names it no other way.
    const loader =
      '<script>function asyncLoad() { var urls = ["\\/\\/sumo-shopify.com\\/apps\\/shopify\\/sumome-plugin\\/js\\/sumome.js?shop=x"]; }</script>';
    const result = proxies(loader, "", null);
    expect(result.apps.map((app) => app.slug)).toEqual(["sumo"]);
    expect(result.unidentified.filter((app) => app.proxy_path)).toEqual([]);
  });

  it("caps the proxies read from a page of thousands", () => {
    const links = Array.from({ length: 5000 }, (_, i) => `<a href="/apps/p${i}">x</a>`).join("");
    const result = proxies("", links);
    expect(result.unidentified.length).toBe(MAX_UNIDENTIFIED);
  });
});
