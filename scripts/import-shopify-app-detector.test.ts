import { describe, expect, it } from "vitest";
import { hostsOverlap } from "@/lib/technologies/overlap";
import { siteOfUrl } from "@/lib/technologies/sites";
// @ts-expect-error: a plain ES module script without types
import { COMMIT, convert, readApps, SOURCE } from "./import-shopify-app-detector.mjs";

type Entry = { slug: string; name: string; category: string; website: string | null; hosts: string[]; shopify_app: true };
type Result = { technologies: Entry[]; apps: number; dropped: { noHandle: string[]; noHost: string[] } };

// The file's own shape: a script declaring the array, string patterns and regex literals.
const FILE = `// Last updated April 28, 2019.
var SHOPIFY_APPS = [
    {
        name: 'Reserve In-store',
        short_description: 'Let customers reserve products online for in-store pickup',
        app_store_url: 'https://apps.shopify.com/reserve-in-store-by-fera',
        website_url: "https://www.reserveinstore.com",
        script_pattern: /cdn\\.reserveinstore\\.com|reserve\\.js/,
        category: "Orders and shipping"
    },
    { name: "MinMaxify Order Limits", short_description: "Minimum - Maximum limits on your products", app_store_url: "https://apps.shopify.com/order-limits-minmaxify", website_url: "http://www.minmaxify.com/", script_pattern: "shopifyorderlimits.s3.amazonaws.com/limits", category: "Sales" },
    { name: "AdNabu", short_description: "Feeds", app_store_url: "https://apps.shopify.com/partners/adnabu-inc", website_url: "https://adnabu.com", script_pattern: "storage.googleapis.com/adnabu-shopify", category: "Marketing" },
    { name: "Clever Google Adwords", short_description: "Ads", app_store_url: "https://apps.shopify.com/cleverppc", website_url: "https://cleverppc.com", script_pattern: "mc.js", category: "Marketing" },
    { name: "Widgetic", short_description: "Like box", app_store_url: "https://apps.shopify.com/facebook-like-by-widgetic", website_url: "https://widgetic.com", script_pattern: "sdk/sdk.js", category: "Social media" },
    { name: "Firepush", short_description: "Push", app_store_url: "https://apps.shopify.com/firepush", website_url: "https://getfirepush.com", script_pattern: "firepush.", category: "Sales" },
    { name: "Shopify Product Reviews", short_description: "Reviews", app_store_url: "https://apps.shopify.com/product-reviews", website_url: "https://shopify.com", script_pattern: "productreviews.shopifycdn.com", category: "Sales" },
    { name: "Bare Bucket", short_description: "x", app_store_url: "https://apps.shopify.com/bare-bucket", website_url: "https://x.example", script_pattern: "s3.amazonaws.com", category: "Sales" },
    { name: "Instagram Feed", short_description: "Instagram gallery", app_store_url: "https://apps.shopify.com/snapzy-the-instagram-feed", website_url: "http://www.99ecommerceexperts.com", script_pattern: "instagramfeedexperts.herokuapp.com/embed.js", category: "Social media" },
    { name: "Carts Guru", short_description: "Shopping cart abandonment", app_store_url: "https://apps.shopify.com/cartsguru", website_url: "http://carts.guru", script_pattern: "carts.guru", category: "Sales" },
    { name: "Carts Guru", short_description: "Retargeting", app_store_url: "https://apps.shopify.com/cartsguru", website_url: "http://carts.guru", script_pattern: "api.carts.guru", category: "Sales" },
    { name: "Zoom A", short_description: "Zoom", app_store_url: "https://apps.shopify.com/zoom-a", website_url: null, script_pattern: "cdn.zoom.example/js", category: "Store Design" },
    { name: "Zoom B", short_description: "Zoom", app_store_url: "https://apps.shopify.com/zoom-b", website_url: null, script_pattern: "cdn.zoom.example/js/b.js", category: "Store Design" },
];`;

describe("convert (scripts/import-shopify-app-detector.mjs)", () => {
  const { technologies, apps, dropped } = convert(readApps(FILE), { siteOfUrl, hostsOverlap }) as Result;
  const bySlug = new Map(technologies.map((entry) => [entry.slug, entry]));

  it("is pinned to one commit of the extension's data file", () => {
    expect(COMMIT).toBe("afa77b6");
    expect(SOURCE).toBe("shopify-app-detector@afa77b6");
  });

  it("keeps an app under its App Store handle, as a Shopify app, with the host of its pattern (a regex's literal host too)", () => {
    expect(bySlug.get("reserve-in-store-by-fera")).toEqual({
      slug: "reserve-in-store-by-fera",
      name: "Reserve In-store",
      category: "shipping-returns",
      website: "https://www.reserveinstore.com",
      hosts: ["cdn.reserveinstore.com"],
      shopify_app: true,
    });
  });

  it("keeps a named bucket or app of shared hosting, never a bare shared host", () => {
    expect(bySlug.get("order-limits-minmaxify")?.hosts).toEqual(["shopifyorderlimits.s3.amazonaws.com/limits"]);
    expect(bySlug.get("snapzy-the-instagram-feed")?.hosts).toEqual(["instagramfeedexperts.herokuapp.com/embed.js"]);
    expect(bySlug.has("bare-bucket")).toBe(false);
  });

  it("joins two records of one handle", () => {
    expect(bySlug.get("cartsguru")?.hosts).toEqual(["api.carts.guru", "carts.guru"]);
    // 13 records: 12 apps, one of them without an App Store handle.
    expect(apps).toBe(11);
  });

  it("drops file names, truncated hosts, Shopify's hosts, apps without an App Store handle and hosts two apps claim", () => {
    expect([...bySlug.keys()].sort()).toEqual([
      "cartsguru",
      "order-limits-minmaxify",
      "reserve-in-store-by-fera",
      "snapzy-the-instagram-feed",
    ]);
    expect(dropped.noHandle).toEqual(["AdNabu"]);
    expect(dropped.noHost).toEqual(
      expect.arrayContaining([
        "Clever Google Adwords",
        "Widgetic",
        "Firepush",
        "Shopify Product Reviews",
        "Bare Bucket",
        "Zoom A",
        "Zoom B",
      ]),
    );
  });
});
