import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { FINDINGS, readHomePage, type Words } from "./index";

// The technologies finding: read from the served page (the imported base's technologies), then built
// with the apps and tags of the same storefront artifact into the one list.

const technologies = FINDINGS.find((finding) => finding.key === "technologies")!;
const WORDS: Words = { count: String, country: (code) => code, list: (items) => items.join(", ") };

const HTML =
  '<html><head><script src="https://js.sentry-cdn.com/abc.min.js"></script>' +
  '<script src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234"></script></head><body></body></html>';

describe("the technologies finding", () => {
  const $ = loadHtml(HTML);
  const home = readHomePage({ $, signals: readPageSignals($) });

  it("reads the base's technologies from the home page and builds the one list with the apps and tags", () => {
    expect(home.technologies.map((tech) => tech.slug)).toEqual(["sentry"]);
    const built = technologies.build!({
      storefront: {
        theme: null,
        title: null,
        apps: [
          {
            slug: "klaviyo",
            name: "Klaviyo",
            category: "email-sms",
            evidence: "https://static.klaviyo.com/x.js",
            source: "script",
            confidence: "high",
          },
        ],
        marketing: home.marketing,
        technologies: home.technologies,
      },
      pages: null,
    }) as { slug: string; kind: string; ids: string[] }[];
    expect(built.map(({ slug, kind, ids }) => [slug, kind, ids])).toEqual([
      ["klaviyo", "app", []],
      ["google-tag-manager", "tag", ["GTM-ABC1234"]],
      ["sentry", "technology", []],
    ]);
    // The page's line names them all; the store page's row only what it does not draw itself.
    const page = technologies.page as { detail: { text: (value: unknown, words: Words) => string } };
    expect(page.detail.text(built, WORDS)).toBe("Klaviyo, Google Tag Manager, Sentry");
    expect(technologies.storePage?.text?.(built as never, WORDS)).toBe("Sentry");
  });

  it("leaves a report without a storefront without the list", () => {
    expect(technologies.build!({ storefront: null, pages: null })).toBeUndefined();
  });
});
