import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { convert, VERSION } from "./import-fingerprints.mjs";

type Entry = {
  slug: string;
  name: string;
  category: string;
  website: string | null;
  hosts?: string[];
  globals?: string[];
  markup?: string[];
};

const BASE = {
  Afterpay: {
    cats: [41, 91],
    website: "https://www.afterpay.com/",
    scriptSrc: ["portal\\.afterpay\\.com", "static\\.afterpay\\.com", "present-afterpay\\.js"],
    js: { Afterpay: "", "Afterpay.version": "([\\d\\.]+)\\;version:\\1", "checkout.enabled": "^true$" },
    dom: "#afterpay, .AfterpayMessage, [aria-label='Afterpay']",
  },
  Optimizely: { cats: [74], website: "https://www.optimizely.com", scriptSrc: "optimizely\\.com.*\\.js" },
  Sentry: { cats: [13], website: "https://sentry.io/", scriptSrc: ["browser\\.sentry\\-cdn\\.com/([0-9.]+)/bundle\\.js\\;version:\\1"] },
  "Google Maps": { cats: [35], scriptSrc: "maps\\.google\\.(?:com|de)/maps/api" },
  "Html Only": { cats: [19], html: '<div class="only-(.*)+x">' },
  jQuery: { cats: [59], scriptSrc: ["jquery[.-]([\\d.]*\\d)[^/]*\\.js", "/jquery(?:\\.min)?\\.js"] },
  "Shared Cdn": { cats: [59], scriptSrc: ["cdn\\.shopify\\.com/extensions/", "cdn\\.jsdelivr\\.net"] },
  "Hosted Lib": { cats: [59], scriptSrc: "cdnjs\\.cloudflare\\.com/ajax/libs/video\\.js/" },
  "Ad A": { cats: [36], scriptSrc: "//ads\\.shared-network\\.test/" },
  "Ad B": { cats: [36], scriptSrc: "ads\\.shared-network\\.test/" },
};

describe("convert (scripts/import-fingerprints.mjs)", () => {
  const entries = convert(BASE) as Entry[];
  const bySlug = new Map(entries.map((entry) => [entry.slug, entry]));

  it("is pinned to the last MIT release", () => {
    expect(VERSION).toBe("6.10.47");
  });

  it("keeps a regex's leading literal host (and literal path), globals by plain name and exact ids/classes", () => {
    expect(bySlug.get("afterpay")).toEqual({
      slug: "afterpay",
      name: "Afterpay",
      category: "payments-bnpl",
      website: "https://www.afterpay.com/",
      hosts: ["portal.afterpay.com", "static.afterpay.com"],
      globals: ["Afterpay", "Afterpay.version", "checkout.enabled"],
      markup: ["#afterpay", ".AfterpayMessage"],
    });
    expect(bySlug.get("optimizely")?.hosts).toEqual(["optimizely.com"]);
    expect(bySlug.get("sentry")).toMatchObject({ category: "error-tracking", hosts: ["browser.sentry-cdn.com/"] });
    expect(bySlug.get("hosted-lib")?.hosts).toEqual(["cdnjs.cloudflare.com/ajax/libs/video.js/"]);
  });

  it("drops what cannot be matched as a plain host: html regexes, file names, truncated hosts, shared CDNs, hosts two entries claim", () => {
    for (const slug of ["google-maps", "html-only", "jquery", "shared-cdn", "ad-a", "ad-b"]) expect(bySlug.has(slug), slug).toBe(false);
  });
});
