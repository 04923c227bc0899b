import { describe, expect, it } from "vitest";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { parseStorefrontHtml } from "./parse-storefront-html";
import { collectAssignedLiterals, readAssignedValue } from "./script-literals";
import { themeNameForStoreId } from "./theme-store";

describe("parseStorefrontHtml on a Dawn storefront", () => {
  const info = parseStorefrontHtml(buildDawnStorefrontHtml());

  it("reads Shopify.theme, shop, currency and country from the inline script", () => {
    expect(info.theme).toEqual({
      name: "Dawn",
      id: 136712831211,
      schemaName: "Dawn",
      schemaVersion: "15.2.0",
      themeStoreId: 887,
      role: "main",
      themeStoreName: "Dawn",
    });
    expect(info.shop).toBe("demo-store.myshopify.com");
    expect(info.currency).toBe("EUR");
    expect(info.country).toBe("PT");
    expect(info.isShopify).toBe(true);
  });

  it("reads title, description, canonical, og:image and JSON-LD", () => {
    expect(info.title).toBe("Demo Store – Everyday organic basics");
    expect(info.metaDescription).toBe("Organic cotton basics, made in Portugal. Free shipping over 50 EUR.");
    expect(info.canonical).toBe("https://demo-store.com/");
    expect(info.ogImage).toBe("http://demo-store.com/cdn/shop/files/og-image.png?v=1712345678");
    expect(info.jsonLd).toEqual([
      expect.objectContaining({ "@type": "Organization", name: "Demo Store" }),
      expect.objectContaining({ "@type": "WebSite", url: "https://demo-store.com" }),
    ]);
  });
});

describe("Shopify.theme edge cases", () => {
  it("a renamed copy keeps its name; theme_store_id gives the real theme", () => {
    const info = parseStorefrontHtml(
      buildDawnStorefrontHtml({
        themeJson:
          '{"name":"Copy of Sense {v2}; \\"final\\" }","id":"42","schema_name":"Sense","schema_version":"15.0.0","theme_store_id":1356,"role":"unpublished"}',
      }),
    );
    expect(info.theme).toEqual({
      name: 'Copy of Sense {v2}; "final" }',
      id: 42,
      schemaName: "Sense",
      schemaVersion: "15.0.0",
      themeStoreId: 1356,
      role: "unpublished",
      themeStoreName: "Sense",
    });
  });

  it("a custom theme has no theme store id and no theme store name", () => {
    const info = parseStorefrontHtml(
      buildDawnStorefrontHtml({
        themeJson: '{"name":"Acme 2026","id":99,"schema_name":null,"schema_version":null,"theme_store_id":null,"role":"main"}',
      }),
    );
    expect(info.theme).toMatchObject({ name: "Acme 2026", id: 99, schemaName: null, themeStoreId: null, themeStoreName: null });
  });

  it("missing Shopify.theme gives theme null but the page is still Shopify", () => {
    const info = parseStorefrontHtml(buildDawnStorefrontHtml({ themeJson: null }));
    expect(info.theme).toBeNull();
    expect(info.shop).toBe("demo-store.myshopify.com");
    expect(info.isShopify).toBe(true);
  });

  it.each([
    ['{"name":"Dawn","id":123,'],
    ['{"name":"Dawn" "id":123}'],
    ["{name: 'Dawn' id: 123}"],
    ["{name: theme_name, id: 123}"],
    ["Shopify.theme || {}"],
    ['"Dawn"'],
    ["[1,2,3]"],
    ["{}"],
  ])("garbled Shopify.theme %s gives theme null without throwing", (themeJson) => {
    const info = parseStorefrontHtml(buildDawnStorefrontHtml({ themeJson }));
    expect(info.theme).toBeNull();
    expect(info.currency).toBe("EUR");
    expect(info.country).toBe("PT");
  });

  it("fields of the wrong type become null instead of dropping the theme", () => {
    const info = parseStorefrontHtml(
      buildDawnStorefrontHtml({ themeJson: '{"name":"Dawn","id":7,"schema_version":15,"theme_store_id":"abc","role":true}' }),
    );
    expect(info.theme).toMatchObject({ name: "Dawn", id: 7, schemaVersion: null, themeStoreId: null, role: null });
  });

  it("skips a placeholder assignment and reads the later real one", () => {
    const html = `<html><head><script>var Shopify = Shopify || {}; Shopify.theme = Shopify.theme || {};</script>
      <script>Shopify.theme = {"name":"Impulse","id":5,"theme_store_id":857,"role":"main"};</script></head></html>`;
    expect(parseStorefrontHtml(html).theme).toMatchObject({ name: "Impulse", themeStoreName: "Impulse" });
  });
});

describe("non-Shopify pages", () => {
  it("WordPress page: isShopify false, no Shopify fields, SEO fields still read", () => {
    const html = `<!doctype html><html><head>
      <title>My Blog</title>
      <meta name="description" content="Notes on gardening">
      <link rel="canonical" href="https://blog.example.org/">
      <meta property="og:image" content="//blog.example.org/cover.jpg">
      <link rel="stylesheet" href="https://blog.example.org/wp-content/themes/twentytwentyfour/style.css">
      <script>var MyShopify = {}; MyShopify.theme = {"name":"Nope"};</script>
      <script type="application/ld+json">[{"@type":"Blog"},{"@type":"Person"}]</script>
      <script type="application/ld+json">{ not json </script>
      </head><body><img src="https://cdn.shopify.com/s/files/1/0001/embedded.jpg"></body></html>`;
    const info = parseStorefrontHtml(html);
    expect(info).toEqual({
      theme: null,
      shop: null,
      currency: null,
      country: null,
      isShopify: false,
      title: "My Blog",
      metaDescription: "Notes on gardening",
      canonical: "https://blog.example.org/",
      ogImage: "https://blog.example.org/cover.jpg",
      jsonLd: [{ "@type": "Blog" }, { "@type": "Person" }],
    });
  });

  it("empty input", () => {
    expect(parseStorefrontHtml("")).toMatchObject({ theme: null, isShopify: false, title: null, jsonLd: [] });
  });

  it("a headless Shopify page is recognized by its Shopify assets alone", () => {
    const html = `<html><head><link rel="stylesheet" href="//shop.example.com/cdn/shop/t/9/assets/base.css"></head></html>`;
    expect(parseStorefrontHtml(html).isShopify).toBe(true);
  });

  it("ignores <title> inside inline SVG when the page has none of its own", () => {
    const html = `<html><body><svg><title id="pi-visa">Visa</title></svg></body></html>`;
    expect(parseStorefrontHtml(html).title).toBeNull();
  });
});

describe("script literal reader", () => {
  it("finds assignments but not property chains or longer identifiers", () => {
    const text = `Shopify.theme = {"a":1}; Shopify.theme.handle = "null"; MyShopify.theme = {"b":2}; Shopify.themeX = 3; x = Shopify.theme == {};`;
    expect(collectAssignedLiterals(text, "Shopify.theme")).toEqual(['{"a":1}']);
  });

  it("reads single-quoted strings and nested braces inside strings", () => {
    expect(readAssignedValue(["Shopify.shop = 'it\\'s.myshopify.com';"], "Shopify.shop")).toBe("it's.myshopify.com");
    expect(readAssignedValue(['Shopify.currency = {"active":"EUR","note":"} ; {"};'], "Shopify.currency")).toEqual({
      active: "EUR",
      note: "} ; {",
    });
  });

  it("maps known theme store ids only", () => {
    expect(themeNameForStoreId(887)).toBe("Dawn");
    expect(themeNameForStoreId(855)).toBe("Prestige");
    expect(themeNameForStoreId(123456)).toBeNull();
    expect(themeNameForStoreId(null)).toBeNull();
  });
});
