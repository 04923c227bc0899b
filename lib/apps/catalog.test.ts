import { describe, expect, it } from "vitest";
import { APP_SAMPLES } from "@/testing/apps/app-samples";
import { sampleAppSnippet } from "@/testing/apps/sample-snippet";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { APP_CATEGORIES, type App, appCatalogSchema, appSchema, PATTERN_KINDS, type PatternKind } from "./schemas";
import { APP_CATALOG } from "./catalog";
import { detectApps } from "./detect-apps";
import { findAppBySlug } from "./index";

const BARE = buildDawnStorefrontHtml();

/** A minimal page exercising exactly one pattern, built the way that kind of pattern is matched. */
function htmlForPattern(kind: PatternKind, value: string | number): string {
  switch (kind) {
    case "handles":
      return `<!-- BEGIN app block: shopify://apps/${value}/blocks/app-embed/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b --><!-- END app block -->`;
    case "clientIds":
      return `<script>webPixelsManagerAPI.init({shopId: 1, webPixelsConfigList: [{"id":"9","type":"APP","apiClientId":${value}}]});</script>`;
    case "src":
      value = String(value);
      return value.startsWith("/") ? `<script src="https://demo-store.com${value}"></script>` : `<script src="https://${value}"></script>`;
    case "inline":
      return `<script>${value}</script>`;
    case "comments":
      return `<!-- ${value} -->`;
    case "meta":
      return `<meta name="${value}" content="1">`;
    case "dom":
      value = String(value);
      return value.startsWith("#") ? `<div id="${value.slice(1)}x"></div>` : `<div class="a ${value.slice(1)}x"></div>`;
  }
}

const patternCases = APP_CATALOG.flatMap((app) =>
  PATTERN_KINDS.flatMap((kind) => (app.patterns[kind] ?? []).map((value) => ({ slug: app.slug, kind, value }))),
);

describe("APP_CATALOG", () => {
  it("passes the catalog schema (unique slugs and names, valid categories, patterns)", () => {
    const result = appCatalogSchema.safeParse(APP_CATALOG);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([]);
    expect(APP_CATALOG.length).toBeGreaterThanOrEqual(110);
  });

  it("uses every category at least once", () => {
    const used = new Set(APP_CATALOG.map((a) => a.category));
    expect(APP_CATEGORIES.filter((c) => !used.has(c))).toEqual([]);
  });

  it("finds apps by slug", () => {
    expect(findAppBySlug("klaviyo")?.name).toBe("Klaviyo");
    expect(findAppBySlug("no-such-app")).toBeUndefined();
  });
});

describe("appCatalogSchema rejects broken catalogs", () => {
  const good = APP_CATALOG as App[];
  const first = good[0] as App;

  it("duplicate slugs", () => {
    expect(appCatalogSchema.safeParse([...good, { ...first, name: "Other name" }]).success).toBe(false);
  });
  it("unknown categories", () => {
    expect(appSchema.safeParse({ ...first, category: "misc" }).success).toBe(false);
  });
  it("an app without patterns", () => {
    expect(appSchema.safeParse({ ...first, patterns: {} }).success).toBe(false);
    expect(appSchema.safeParse({ ...first, patterns: { src: [] } }).success).toBe(false);
  });
  it("too-short or upper-case src fragments and bad dom prefixes", () => {
    expect(appSchema.safeParse({ ...first, patterns: { src: ["cdn."] } }).success).toBe(false);
    expect(appSchema.safeParse({ ...first, patterns: { src: ["CDN.Judge.me"] } }).success).toBe(false);
    expect(appSchema.safeParse({ ...first, patterns: { dom: ["jdgm-"] } }).success).toBe(false);
  });
  it("a pattern of one app contained in another app's pattern", () => {
    const clash = { ...first, slug: "clash", name: "Clash", patterns: { src: ["judge.me/widget"] } };
    const withOverlap = [...good, { ...clash, patterns: { src: ["cdnwidget.judge.me/x"] } }];
    expect(appCatalogSchema.safeParse(withOverlap).success).toBe(false);
  });
});

describe("bare Dawn storefront (no apps installed)", () => {
  it("matches no pattern at all", () => {
    expect(detectApps(BARE)).toEqual([]);
  });
});

// Class/id prefixes and theme files only back up a stronger trace, so single patterns are checked
// at the lowest confidence; the snippets below are checked as a report would read them.
describe("every pattern detects its own app, and only it", () => {
  it.each(patternCases)("$slug $kind $value", ({ slug, kind, value }) => {
    const html = buildDawnStorefrontHtml({ head: htmlForPattern(kind, value) });
    expect(detectApps(html, { minConfidence: "low" }).map((d) => d.slug)).toEqual([slug]);
  });
});

describe("sampleAppSnippet", () => {
  it.each(APP_CATALOG.map((a) => a.slug))("%s: the snippet is detected as exactly that app", (slug) => {
    const snippet = sampleAppSnippet(slug);
    expect(snippet).toMatch(/^</);
    const found = detectApps(buildDawnStorefrontHtml({ head: snippet }), { minConfidence: "low" });
    expect(found.map((d) => d.slug)).toEqual([slug]);
    expect(found[0]?.evidence.length).toBeGreaterThan(3);
  });

  it("throws for an unknown slug", () => {
    expect(() => sampleAppSnippet("no-such-app")).toThrow(/Unknown app slug/);
  });

  it("has a snippet for every catalog app and none for an app that left it (testing/apps/app-samples.ts)", () => {
    const slugs = APP_CATALOG.map((a) => a.slug);
    expect(slugs.filter((slug) => APP_SAMPLES[slug] === undefined)).toEqual([]);
    expect(Object.keys(APP_SAMPLES).filter((slug) => !slugs.includes(slug))).toEqual([]);
  });
});
