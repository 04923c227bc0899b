// The added real pages and their held-out split (added-pages.ts): the files must all be there and
// well formed, and the scores per detector are printed, held-out apart from tuning. A score below
// the issue's targets does not fail the suite; a missing page or a malformed truth file does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addedStorefronts, readSplit } from "./added-pages";
import { formatScores, scoreAddedApps, scoreSets } from "./score-added";

const truth = (file: string, apps: unknown[] = []) => ({
  file,
  shop: "acme.myshopify.com",
  page_type: "home",
  theme: { name: "Dawn", schema_name: "Dawn", theme_store_id: 887 },
  apps,
  pixels: [{ type: "Google Analytics 4", id: "G-ABC123", evidence: "gtag config" }],
  socials: [],
  emails: [],
  languages: [],
  currency: "USD",
  locale: "en",
  country: "US",
});

describe("the added real storefront pages", () => {
  it("has every page of split.json with its HTML and a well-formed hand-read truth, at least 60 pages with at least 20 held out", () => {
    const split = readSplit();
    const pages = addedStorefronts();
    expect(pages.length).toBe(split.tuning.length + split.held_out.length);
    expect(split.original.length + pages.length).toBeGreaterThanOrEqual(60);
    expect(pages.filter((page) => page.set === "held-out").length).toBeGreaterThanOrEqual(20);
    for (const page of pages) expect(page.html, page.page).toMatch(/Shopify\.shop/);
  });

  it("prints recall and precision per detector, held out and tuning, with the misses", () => {
    const pages = addedStorefronts();
    const scores = scoreSets(pages);
    console.log(`Real storefront pages, scores per detector:\n${formatScores(scores)}`);
    expect(scores["held-out"].themes.pages).toBe(pages.filter((page) => page.set === "held-out").length);
    expect(scores["held-out"].apps.expected).toBeGreaterThan(0);
  });

  it("prints nothing of the held-out set on a tuning run", () => {
    const text = formatScores(scoreSets(addedStorefronts(["tuning"])));
    expect(text).toContain("| tuning recall | tuning precision |");
    expect(text).not.toContain("held-out");
  });
});

describe("addedStorefronts on a broken folder", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "real-pages-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const split = (heldOut: string[]) =>
    writeFileSync(
      path.join(folder, "split.json"),
      JSON.stringify({ rule: "held out by a hash of the name", issue_markers: [], original: [], tuning: [], held_out: heldOut }),
    );

  it("throws on a page without HTML, on a page without truth and on a malformed truth", () => {
    writeFileSync(path.join(folder, "a.test.html"), "<script>Shopify.shop = 'a.myshopify.com'</script>");
    split(["missing.test"]);
    expect(() => addedStorefronts(["held-out"], folder)).toThrow(/missing\.test: no page/);
    split(["a.test"]);
    expect(() => addedStorefronts(["held-out"], folder)).toThrow(/a\.test: no truth/);
    const truthFolder = path.join(folder, "truth");
    mkdirSync(truthFolder);
    writeFileSync(
      path.join(truthFolder, "a.test.json"),
      JSON.stringify(truth("a.test.html", [{ vendor: "Judge.me", evidence: "app block" }])),
    );
    expect(() => addedStorefronts(["held-out"], folder)).toThrow(/a\.test: malformed truth/);
    writeFileSync(
      path.join(truthFolder, "a.test.json"),
      JSON.stringify(truth("a.test.html", [{ vendor: "Judge.me", ids: ["judgeme"], evidence: "app block" }])),
    );
    expect(addedStorefronts(["held-out"], folder).map((page) => page.page)).toEqual(["a.test"]);
  });

  it("refuses a page listed in two sets", () => {
    writeFileSync(
      path.join(folder, "split.json"),
      JSON.stringify({ rule: "held out by a hash of the name", issue_markers: [], original: ["a.test"], tuning: [], held_out: ["a.test"] }),
    );
    expect(() => readSplit(folder)).toThrow(/twice: a\.test/);
  });
});

describe("scoreAddedApps", () => {
  it("matches apps by handle, slug or name, ignores a folder's version, and counts an unknown app as extra", () => {
    const page = truth("a.test.html", [
      { vendor: "Kaching Bundles", ids: ["kaching-bundles"], evidence: "extension folder" },
      { vendor: "Judge.me", ids: ["judgeme"], evidence: "app block" },
      { vendor: "Klaviyo", ids: ["klaviyo"], evidence: "script", uncertain: true },
    ]) as Parameters<typeof scoreAddedApps>[0];
    const score = scoreAddedApps(page, {
      apps: [
        { slug: "judge-me", name: "Judge.me Product Reviews" },
        { slug: "klaviyo", name: "Klaviyo" },
        { slug: "google-analytics", name: "Google Analytics" },
        { slug: "inbox", name: "Shopify Inbox", first_party: true },
        { slug: "hotjar", name: "Hotjar" },
      ],
      unidentified: [{ handle: "kaching-bundles-836", api_client_id: null }],
    });
    expect(score).toEqual({ expected: 2, found: 2, missed: [], extra: ["hotjar"] });
  });

  it("matches a ScriptTag host by the host, its site or the site's name, and counts another host as extra", () => {
    const page = truth("a.test.html", [
      { vendor: "HulkApps Form Builder", ids: ["contactform-hulkapps"], evidence: "asyncLoad" },
      { vendor: "Kaktus", ids: ["kaktusapp"], evidence: "asyncLoad" },
      { vendor: "Consentmo", ids: ["gdprcdn"], evidence: "asyncLoad" },
      { vendor: "LimeChat", ids: ["limechat.ai"], evidence: "asyncLoad" },
    ]) as Parameters<typeof scoreAddedApps>[0];
    const host = (script_host: string) => ({ handle: null, api_client_id: null, script_host });
    const score = scoreAddedApps(page, {
      apps: [],
      unidentified: [
        host("contactform.hulkapps.com"),
        host("vd.kaktusapp.com"),
        host("gdprcdn.b-cdn.net"),
        host("cdn.limechat.ai"),
        host("cdn.commoninja.com"),
      ],
    });
    expect(score).toEqual({ expected: 4, found: 4, missed: [], extra: ["script:cdn.commoninja.com"] });
  });

  it("lets a tag the catalog keeps as an app pass when the reader listed it as a pixel, but not an unknown app", () => {
    const page = { ...truth("a.test.html"), pixels: [{ type: "Microsoft Ads (Bing UET)", id: "211037745", evidence: "uetq" }] };
    const score = scoreAddedApps(page as Parameters<typeof scoreAddedApps>[0], {
      apps: [
        { slug: "microsoft-ads-uet", name: "Microsoft Advertising UET" },
        { slug: "rivyo", name: "Rivyo Product Reviews" },
      ],
      unidentified: [],
    });
    expect(score.extra).toEqual(["rivyo"]);
  });
});
