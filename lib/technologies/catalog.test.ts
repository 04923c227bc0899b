import { describe, expect, it } from "vitest";
import { APP_CATALOG } from "@/lib/apps/catalog";
import { TAG_KIND_SLUGS } from "@/lib/marketing/tag-kinds";
import { findTechnology, TECHNOLOGIES } from "@/lib/apps/technologies";
import { APP_CATEGORIES } from "@/lib/apps/schemas";
import { buildTechnologyList, FINGERPRINTS } from "./catalog";
import { claimedBy } from "./overlap";
import { TECHNOLOGY_CATEGORIES } from "./categories";
import { FORMER_TAG_APPS } from "./former-tag-apps";
import fingerprintFile from "./fingerprints.json";
import { FINGERPRINT_SOURCE, fingerprintFileSchema } from "./schemas";

describe("the one list of technologies", () => {
  it("holds the long tail: 1,500+ technologies, each with a category, a source and something to match", () => {
    expect(fingerprintFileSchema.safeParse(fingerprintFile).success).toBe(true);
    expect(TECHNOLOGIES.length).toBeGreaterThanOrEqual(1_500);
    expect(TECHNOLOGIES.filter((tech) => tech.source === FINGERPRINT_SOURCE).length).toBeGreaterThanOrEqual(1_500);
    expect(TECHNOLOGIES.filter((tech) => tech.hosts.length > 0).length).toBeGreaterThanOrEqual(800);
    for (const tech of TECHNOLOGIES) {
      expect(TECHNOLOGY_CATEGORIES).toContain(tech.category);
      expect(["hand", FINGERPRINT_SOURCE, "app-store"]).toContain(tech.source);
    }
  });

  it("files every app category as a technology category", () => {
    for (const category of APP_CATEGORIES) expect(TECHNOLOGY_CATEGORIES).toContain(category);
  });

  it("imported no entry our app catalog lists (else: node scripts/import-fingerprints.mjs)", () => {
    const claims = APP_CATALOG.map((app) => ({ slug: app.slug, names: [app.name], hosts: app.patterns.src ?? [] }));
    expect(FINGERPRINTS.filter((fp) => claimedBy(fp, claims)).map((fp) => fp.name)).toEqual([]);
  });

  it("lists every technology once: unique slugs and names", () => {
    expect(new Set(TECHNOLOGIES.map((tech) => tech.slug)).size).toBe(TECHNOLOGIES.length);
    const names = TECHNOLOGIES.map((tech) => tech.name.toLowerCase().replace(/[^a-z0-9]+/g, ""));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("has every app and every tag kind, and no pixel both as an app and as a tag", () => {
    for (const app of APP_CATALOG) expect(findTechnology(app.slug)).toMatchObject({ kind: "app", source: "hand", category: app.category });
    for (const kind of TAG_KIND_SLUGS) expect(findTechnology(kind)).toMatchObject({ kind: "tag", source: "hand" });
    for (const slug of Object.keys(FORMER_TAG_APPS)) expect(APP_CATALOG.map((app) => app.slug)).not.toContain(slug);
    for (const name of ["Google Tag Manager", "Hotjar", "TikTok pixel", "Microsoft Clarity"]) {
      expect(TECHNOLOGIES.filter((tech) => tech.name.toLowerCase() === name.toLowerCase()).map((tech) => tech.kind)).toEqual(["tag"]);
    }
  });

  it("names payments, A/B testing, error tracking and search with their category", () => {
    expect(findTechnology("afterpay")?.category).toBe("payments-bnpl");
    expect(findTechnology("klarna")?.category).toBe("payments-bnpl");
    expect(findTechnology("amazon-pay")).toMatchObject({
      category: "payments-bnpl",
      hosts: expect.arrayContaining(["payments-amazon.com"]),
    });
    expect(findTechnology("optimizely")).toMatchObject({ category: "ab-testing" });
    expect(findTechnology("sentry")).toMatchObject({ category: "error-tracking", hosts: expect.arrayContaining(["js.sentry-cdn.com"]) });
    expect(findTechnology("algolia")?.category).toBe("search");
    expect(findTechnology("ryviu")).toMatchObject({ category: "reviews", source: FINGERPRINT_SOURCE, hosts: ["cdn.ryviu.com"] });
    expect(findTechnology("getbutton")).toMatchObject({ source: FINGERPRINT_SOURCE, hosts: ["getbutton.io/"] });
    // A Shopify app only the base knows is an app of the list (not of `apps`, which is our catalog's).
    expect(findTechnology("carro")).toMatchObject({ kind: "app", source: FINGERPRINT_SOURCE, hosts: ["getcarro.com/"] });
    // Where the base's hosts are out of date, our own entry (same slug) takes its place.
    expect(findTechnology("kount")).toMatchObject({ source: "hand", hosts: expect.arrayContaining(["api.kount.com/shopify/"]) });
    expect(TECHNOLOGIES.filter((tech) => tech.name === "Typekit" || tech.name === "Adobe Fonts").map((tech) => tech.slug)).toEqual([
      "adobe-fonts",
    ]);
  });

  it("marks what Shopify itself serves as first-party", () => {
    expect(findTechnology("shop-pay")).toMatchObject({ firstParty: true, hosts: ["cdn.shopify.com/shopifycloud/shopify_pay/"] });
    expect(findTechnology("ryviu")?.firstParty).toBeUndefined();
  });

  it("drops an imported entry that names an app or a tag already listed (same name, slug or host)", () => {
    const app = APP_CATALOG.find((entry) => entry.slug === "judge-me")!;
    const list = buildTechnologyList(
      [app],
      [
        { slug: "judge-me-2", name: "Judge.me", category: "reviews", website: null, hosts: ["judge.me"] },
        { slug: "hotjar-x", name: "Hotjar", category: "analytics", website: null, hosts: ["hotjar.example"] },
        { slug: "gtm", name: "GTM", category: "tag-manager", website: null, hosts: ["googletagmanager.com/gtm.js"] },
        { slug: "brand-new", name: "Brand New", category: "other", website: null, hosts: ["cdn.brand-new.example"] },
      ],
    );
    expect(list.filter((tech) => tech.source === FINGERPRINT_SOURCE).map((tech) => tech.slug)).toEqual(["brand-new"]);
  });

  it("keeps no host any site loads from without a path, and no regex (a `?` in a path is the character)", () => {
    const hosts = FINGERPRINTS.flatMap((fp) => fp.hosts ?? []);
    for (const shared of ["cdn.shopify.com", "cdn.jsdelivr.net", "ajax.googleapis.com", "cdnjs.cloudflare.com", "cloudfront.net"]) {
      expect(hosts).not.toContain(shared);
      expect(hosts).not.toContain(`${shared}/`);
    }
    for (const host of hosts) expect(host).not.toMatch(/[\\()[\]*+|^$]/);
  });
});
