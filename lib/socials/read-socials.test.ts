import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { addScores } from "@/testing/real-storefronts/score";
import { scoreSocials } from "@/testing/real-storefronts/score-socials";
import { realStorefronts } from "@/testing/real-storefronts/truth";
import { mergeSocials, readSocials } from "./read-socials";

const read = (html: string, seenOn = "/") => readSocials([{ signals: readPageSignals(loadHtml(html)), seenOn }]);
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("readSocials", () => {
  it("lists footer profiles once each with the page they were seen on, and no share buttons", () => {
    const socials = read(`<footer>
      <a href="https://www.instagram.com/acme/">Instagram</a> <a href="https://instagram.com/acme?igshid=x">Instagram</a>
      <a href="https://www.facebook.com/acme">Facebook</a>
      <a href="https://www.facebook.com/sharer/sharer.php?u=https://acme.com">Share</a>
      <a href="https://twitter.com/intent/tweet?url=x">Tweet</a> <a href="#">X</a> <a href="https://twitter.com/">X</a>
    </footer>`);
    expect(socials.profiles.map((p) => [p.network, p.handle, p.seen_on, p.source, p.confidence])).toEqual([
      ["instagram", "acme", "/", "anchor", "high"],
      ["facebook", "acme", "/", "anchor", "high"],
    ]);
    expect(socials.profiles[0]?.evidence).toBe("https://www.instagram.com/acme/");
  });

  it("reads the store organization's JSON-LD sameAs, email and contactPoint, not a product brand's", () => {
    const socials = read(
      jsonLd({
        "@context": "http://schema.org",
        "@type": "Organization",
        sameAs: ["", "https://www.pinterest.com/acme/", "index.html//www.youtube.com/@acme"],
        email: "hello@acme.com",
        contactPoint: [{ "@type": "ContactPoint", telephone: "+1-212-555-0100", email: "mailto:support@acme.com" }],
      }) + jsonLd({ "@type": "Product", brand: { "@type": "Brand", sameAs: "https://www.instagram.com/otherbrand" } }),
    );
    expect(socials.profiles.map((p) => [p.network, p.handle, p.source])).toEqual([
      ["pinterest", "acme", "json-ld"],
      ["youtube", "@acme", "json-ld"],
    ]);
    expect(socials.emails.map((e) => e.address)).toEqual(["hello@acme.com", "support@acme.com"]);
    expect(socials.phones.map((p) => [p.number, p.evidence])).toEqual([["+1-212-555-0100", "contactPoint telephone: +1-212-555-0100"]]);
  });

  it("reads members of a JSON-LD @graph", () => {
    const socials = read(jsonLd({ "@graph": [{ "@type": "OnlineStore", sameAs: "https://www.tiktok.com/@acme" }] }));
    expect(socials.profiles.map((p) => p.handle)).toEqual(["@acme"]);
  });

  it("reads mailto: and tel: links, refusing implausible numbers", () => {
    const socials = read(
      `<a href="mailto:hi@acme.com?subject=x">Mail</a><a href="tel:+1 201 228 4683">Call</a><a href="tel:%20(090)%">Bad</a><a href="mailto:HI@acme.com">again</a>`,
    );
    expect(socials.emails.map((e) => [e.address, e.source])).toEqual([["hi@acme.com", "anchor"]]);
    expect(socials.phones.map((p) => p.number)).toEqual(["+1 201 228 4683"]);
  });

  it("keeps a commented-out profile link at low confidence", () => {
    const socials = read(`<!-- <a href="https://www.tiktok.com/@acme" target="_blank"><img src="x.png"></a> -->`);
    expect(socials.profiles.map((p) => [p.handle, p.source, p.confidence])).toEqual([["@acme", "markup", "low"]]);
  });

  it("merges the home page's findings with the contact page's, the home page's first", () => {
    const home = read(`<a href="https://www.instagram.com/acme">IG</a>`);
    const contact = read(`<a href="https://instagram.com/acme/">IG</a><a href="mailto:shop@acme.com">mail</a>`, "/pages/contact");
    const merged = mergeSocials(home, contact);
    expect(merged.profiles.map((p) => p.seen_on)).toEqual(["/"]);
    expect(merged.emails.map((e) => [e.address, e.seen_on])).toEqual([["shop@acme.com", "/pages/contact"]]);
  });

  it("caps what it lists on hostile pages, without throwing", () => {
    const anchors = Array.from(
      { length: 100_000 },
      (_, i) =>
        `<a href="https://www.instagram.com/shop${i}">i</a><a href="mailto:a${i}@acme.com">m</a><a href="tel:+1212555${String(i).padStart(4, "0")}">t</a>`,
    ).join("");
    const huge = `<a href="https://www.facebook.com/${"a".repeat(1_000_000)}">f</a>`;
    const depth = 5_000;
    const nested = `${'{"@type":"Thing","item":'.repeat(depth)}{"@type":"Organization","sameAs":"https://x.com/deep"}${"}".repeat(depth)}`;
    const socials = read(anchors + huge + `<script type="application/ld+json">${nested}</script>`);
    expect(socials.profiles).toHaveLength(20);
    expect(socials.emails).toHaveLength(10);
    expect(socials.phones).toHaveLength(10);
    expect(socials.profiles.every((p) => p.evidence.length <= 160 && p.url.length <= 500)).toBe(true);
  });
});

describe("readSocials on the captured storefronts", () => {
  const pages = realStorefronts().map(({ truth, html, domain }) => ({ truth, domain, socials: read(html) }));

  it("finds at least 90 % of the profiles the truth lists, and no other", () => {
    const total = addScores(pages.map(({ truth, domain, socials }) => ({ page: domain, ...scoreSocials(truth, socials) })));
    expect(total.expected).toBe(42);
    expect({ share: total.share >= 0.9, missed: total.missed, extra: total.extra }).toEqual({ share: true, missed: [], extra: [] });
  });

  it("finds the e-mails the truth lists (uploader-edited ones included: they are on the page), and no other", () => {
    const expected = pages.flatMap(({ truth, domain }) => truth.emails.map((email) => `${domain}: ${email.toLowerCase()}`)).sort();
    const found = pages.flatMap(({ domain, socials }) => socials.emails.map((e) => `${domain}: ${e.address.toLowerCase()}`)).sort();
    expect(expected).toHaveLength(7);
    expect(found).toEqual(expected);
  });
});
