import { describe, expect, it } from "vitest";
import { appStoreListingHtml, type FakeListing } from "@/testing/fake-app-store";
import { appCategoryFor, parseAppStoreListing } from "./parse-listing";

const KACHING: FakeListing = {
  name: "Kaching Bundle Quantity Breaks",
  tagline: "Bundle & save with volume discounts & free gifts",
  developer: "Kaching Appz",
  category: "Bundles & gifts",
  categoryPath: "selling-products-bundles-and-gifts",
  rating: 4.9,
  reviews: 1844,
};

describe("parseAppStoreListing", () => {
  it("reads a listing page's JSON-LD: name, developer, category, rating, icon", () => {
    expect(parseAppStoreListing(appStoreListingHtml("bundles-kaching", KACHING))).toEqual({
      name: "Kaching Bundle Quantity Breaks",
      developer: "Kaching Appz",
      category: "Bundles & gifts",
      appCategory: "bundles-gifts",
      rating: 4.9,
      reviewCount: 1844,
      iconUrl: expect.stringMatching(/^https:\/\/cdn\.shopify\.com\/app-store\/listing_images\/.+\/icon\/.+\.png$/),
      description: expect.stringContaining("Kaching Bundle Quantity Breaks by Kaching Appz"),
    });
  });

  it("takes the developer from brand when the JSON-LD names no author", () => {
    const html = appStoreListingHtml("omega-pixel", { ...KACHING, name: "Omega Facebook Pixel", developerAs: "brand", developer: "Omega" });
    expect(parseAppStoreListing(html)).toMatchObject({ name: "Omega Facebook Pixel", developer: "Omega" });
  });

  it("takes the developer from the page, not the menus, when the JSON-LD names none", () => {
    const html = appStoreListingHtml("geolocation-orbe", { ...KACHING, name: "Orbe Geolocation", developer: "Orbe", developerAs: "none" });
    expect(parseAppStoreListing(html)).toMatchObject({ name: "Orbe Geolocation", developer: "Orbe", category: "Bundles & gifts" });
  });

  it("falls back to the heading, the developer link and the category link without JSON-LD, skipping the menus", () => {
    const html = appStoreListingHtml("essential-countdown", {
      ...KACHING,
      name: "Essential Countdown Timer Bar",
      category: "Countdown timer",
    }).replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, "");
    expect(parseAppStoreListing(html)).toMatchObject({
      name: "Essential Countdown Timer Bar",
      developer: "Kaching Appz",
      category: "Countdown timer",
      rating: null,
      iconUrl: expect.stringMatching(/^https:\/\/cdn\.shopify\.com\//),
    });
  });

  it("reads the name from og:title when the page has neither JSON-LD nor a heading", () => {
    const html = appStoreListingHtml("x", { ...KACHING, tagline: undefined })
      .replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, "")
      .replace(/<h1[^>]*>[^<]*<\/h1>/, "");
    expect(parseAppStoreListing(html)?.name).toBe("Kaching Bundle Quantity Breaks");
  });

  it.each([
    ["a 404 page", `<html><head><title>Page not found | Shopify App Store</title></head><body><h1>Gone</h1></body></html>`],
    ["garbage", "\u0000\u00ff{{{<<<]]]".repeat(5_000)],
    ["broken JSON-LD and no tags", `<script type="application/ld+json">{"@type":"SoftwareApplication","name":</script><div>x</div>`],
    ["an empty page", ""],
  ])("names no app on %s", (_name, html) => {
    expect(parseAppStoreListing(html)).toBeNull();
  });

  it("keeps outside values bounded and refuses odd ones", () => {
    const html = appStoreListingHtml("x-app", {
      ...KACHING,
      name: `A ${"very ".repeat(500)}long name`,
      rating: 42,
      reviews: -3,
      description: "d".repeat(10_000),
    }).replace(/"image":"[^"]+"/, '"image":"javascript:alert(1)"');
    const listing = parseAppStoreListing(html);
    expect(listing?.name.length).toBeLessThanOrEqual(200);
    expect(listing?.description?.length).toBeLessThanOrEqual(500);
    expect(listing).toMatchObject({ rating: null, reviewCount: null });
    // The JSON-LD image is refused; the og:image (https) stands in.
    expect(listing?.iconUrl).toMatch(/^https:\/\//);
  });

  it("reads a 2 MB page of nested markup and thousands of JSON-LD blocks in bounded time", () => {
    const filler = `${"<div><span>".repeat(50_000)}${'<script type="application/ld+json">{"@type":"Thing"}</script>'.repeat(5_000)}`;
    const html = appStoreListingHtml("bundles-kaching", KACHING).replace("<body>", `<body>${filler}`);
    const started = performance.now();
    expect(parseAppStoreListing(html)?.name).toBe("Kaching Bundle Quantity Breaks");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("appCategoryFor", () => {
  it.each([
    ["Product reviews", "reviews"],
    ["Bundles & gifts", "bundles-gifts"],
    ["Cookie consent & privacy", "privacy-consent"],
    ["Translation & language", "translation-currency"],
    ["Countdown timer", "store-tools"],
    [null, "store-tools"],
  ] as const)("%s → %s", (words, category) => {
    expect(appCategoryFor(words)).toBe(category);
  });
});
