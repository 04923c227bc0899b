import { describe, expect, it } from "vitest";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { realStorefronts } from "@/testing/real-storefronts/truth";
import { detectTechnologies, technologiesOf } from "./detect-technologies";

// What the imported base adds on the captured pages, each checked by hand against the page's HTML:
// the script or iframe is there. Anything else it reports is a false positive of the base.
const EXPECTED_OTHER: Record<string, string[]> = {
  // <script src="https://assets.rch.io/…/localize.js"> and <script src="https://polyfill.io/v3/polyfill.min.js…">
  "rayconglobal.com": ["with-reach", "polyfill"],
  // <iframe src="https://www.youtube.com/embed/…">
  "risebar.com": ["youtube"],
  "minksha.co.in": ["youtube"],
  "feastables.com": ["youtube"],
  // An inline loader: loadScript('https://polyfill.io/v3/polyfill.min.js?…') where the browser lacks Promise or fetch.
  "fedus.in": ["polyfill"],
};

describe("the one list of technologies on the captured storefronts", () => {
  const pages = realStorefronts().map((page) => {
    const $ = loadHtml(page.html);
    const apps = reportStorefrontApps($).apps;
    const tags = detectMarketing($).tags;
    const other = detectTechnologies(readPageSignals($));

    return { domain: page.domain, apps, tags, other, all: technologiesOf({ apps, tags, technologies: other }) };
  });

  it("adds only what the pages load (no false positive from the fingerprint base)", () => {
    for (const page of pages) {
      // A page new to the fixtures: read its HTML and list here what the base rightly adds.
      expect(page.other.map((tech) => tech.slug).sort(), `${page.domain} (EXPECTED_OTHER)`).toEqual(
        (EXPECTED_OTHER[page.domain] ?? []).sort(),
      );
    }
  });

  it("lists every app and every tag kind of the page once, nothing twice", () => {
    for (const page of pages) {
      const slugs = page.all.map((tech) => tech.slug);
      expect(new Set(slugs).size, page.domain).toBe(slugs.length);
      for (const app of page.apps) expect(slugs, page.domain).toContain(app.slug);
      for (const tag of page.tags) expect(slugs, page.domain).toContain(tag.kind);
      expect(slugs.length).toBe(
        new Set([...page.apps.map((a) => a.slug), ...page.tags.map((t) => t.kind), ...page.other.map((t) => t.slug)]).size,
      );
    }
  });
});
