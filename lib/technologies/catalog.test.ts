import { describe, expect, it } from "vitest";
import { APP_CATALOG } from "@/lib/apps/catalog";
import { findAppBySlug } from "@/lib/apps";
import { TAG_KIND_SLUGS } from "@/lib/marketing/tag-kinds";
import { findTechnology, TECHNOLOGIES } from "@/lib/apps/technologies";
import { APP_CATEGORIES } from "@/lib/apps/schemas";
import { LIST_APP_ROWS } from "@/lib/apps/sync-app-catalog";
import { APP_DETECTOR_APPS, buildTechnologyList, FINGERPRINTS } from "./catalog";
import { claimedBy, hostsOverlap } from "./overlap";
import { TECHNOLOGY_CATEGORIES } from "./categories";
import { FORMER_TAG_APPS } from "./former-tag-apps";
import fingerprintFile from "./fingerprints.json";
import { APP_DETECTOR_SOURCE, appDetectorFileSchema, FINGERPRINT_SOURCE, fingerprintFileSchema, technologySourceSchema } from "./schemas";
import appDetectorFile from "./shopify-app-detector.json";

const SOURCES = ["hand", FINGERPRINT_SOURCE, APP_DETECTOR_SOURCE, "app-store"];

describe("the one list of technologies", () => {
  it("holds the long tail: 1,500+ technologies, each with a category, a source and something to match", () => {
    expect(fingerprintFileSchema.safeParse(fingerprintFile).success).toBe(true);
    expect(appDetectorFileSchema.safeParse(appDetectorFile).success).toBe(true);
    expect(technologySourceSchema.options).toEqual(SOURCES);
    expect(TECHNOLOGIES.length).toBeGreaterThanOrEqual(1_500);
    expect(TECHNOLOGIES.filter((tech) => tech.source === FINGERPRINT_SOURCE).length).toBeGreaterThanOrEqual(1_500);
    expect(TECHNOLOGIES.filter((tech) => tech.hosts.length > 0).length).toBeGreaterThanOrEqual(800);
    for (const tech of TECHNOLOGIES) {
      expect(TECHNOLOGY_CATEGORIES).toContain(tech.category);
      expect(SOURCES).toContain(tech.source);
    }
  });

  it("holds the list of Shopify apps: every entry an app with a host, under its App Store handle and its source", () => {
    expect(APP_DETECTOR_APPS.length).toBeGreaterThanOrEqual(80);
    const imported = TECHNOLOGIES.filter((tech) => tech.source === APP_DETECTOR_SOURCE);
    // Most are new; the rest are the fingerprint base's entries already (under its slug, which
    // stores are filed under) or a hand entry's (AdRoll).
    expect(imported.length).toBeGreaterThanOrEqual(70);
    for (const tech of imported) expect(tech).toMatchObject({ kind: "app", hosts: expect.arrayContaining([expect.any(String)]) });
    // None is lost: every host of the list is some technology's or covers one of its.
    const hosts = TECHNOLOGIES.flatMap((tech) => [...tech.hosts, ...(findAppBySlug(tech.slug)?.patterns.src ?? [])]);
    const lost = APP_DETECTOR_APPS.filter(
      (app) => findTechnology(app.slug) === undefined && !(app.hosts ?? []).some((h) => hosts.some((known) => hostsOverlap(h, known))),
    );
    expect(lost.map((app) => app.slug)).toEqual([]);
    expect(findTechnology("bizzy-social-proof")).toMatchObject({
      name: "Bizzy",
      kind: "app",
      source: APP_DETECTOR_SOURCE,
      // A named bucket on shared storage names its owner.
      hosts: ["pxu-recent-sales-apps.s3.amazonaws.com/recent-sales"],
    });
    expect(findTechnology("adroll-retargeting")).toBeUndefined();
    expect(findTechnology("adroll")).toMatchObject({ source: "hand" });
    // /apps and store_apps take them like the fingerprint base's Shopify apps.
    expect(LIST_APP_ROWS.map((row) => row.slug)).toEqual(expect.arrayContaining(["bizzy-social-proof", "carro"]));
  });

  it("files every app category as a technology category", () => {
    for (const category of APP_CATEGORIES) expect(TECHNOLOGY_CATEGORIES).toContain(category);
  });

  it("imported no entry our app catalog lists (else: node scripts/import-fingerprints.mjs, scripts/import-shopify-app-detector.mjs)", () => {
    const claims = APP_CATALOG.map((app) => ({ slug: app.slug, names: [app.name], hosts: app.patterns.src ?? [] }));
    expect(FINGERPRINTS.filter((fp) => claimedBy(fp, claims)).map((fp) => fp.name)).toEqual([]);
    expect(APP_DETECTOR_APPS.filter((fp) => claimedBy(fp, claims)).map((fp) => fp.name)).toEqual([]);
    // The list of Shopify apps is slugged by App Store handle: none is a handle our catalog knows its app by.
    const handles = APP_CATALOG.flatMap((app) => [
      ...(app.patterns.handles ?? []),
      app.website.replace(/^https:\/\/apps\.shopify\.com\//, ""),
    ]);
    expect(APP_DETECTOR_APPS.filter((fp) => handles.includes(fp.slug)).map((fp) => fp.name)).toEqual([]);
  });

  it("lists no technology of both bases: no host of the list of Shopify apps overlaps another technology's", () => {
    const apps = TECHNOLOGIES.filter((tech) => tech.source === APP_DETECTOR_SOURCE);
    const others = TECHNOLOGIES.filter((tech) => tech.source !== APP_DETECTOR_SOURCE);
    const clashes = apps.flatMap((app) =>
      others.flatMap((other) =>
        app.hosts.flatMap((host) =>
          other.hosts.filter((own) => hostsOverlap(host, own)).map((own) => `${app.slug} ${host} / ${other.slug} ${own}`),
        ),
      ),
    );
    expect(clashes).toEqual([]);
    const appHosts = APP_DETECTOR_APPS.flatMap((fp) => fp.hosts ?? []);
    expect(new Set(appHosts).size).toBe(appHosts.length);
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
        {
          source: FINGERPRINT_SOURCE,
          technologies: [
            { slug: "judge-me-2", name: "Judge.me", category: "reviews", website: null, hosts: ["judge.me"] },
            { slug: "hotjar-x", name: "Hotjar", category: "analytics", website: null, hosts: ["hotjar.example"] },
            { slug: "gtm", name: "GTM", category: "tag-manager", website: null, hosts: ["googletagmanager.com/gtm.js"] },
            { slug: "brand-new", name: "Brand New", category: "other", website: null, hosts: ["cdn.brand-new.example"] },
          ],
        },
      ],
    );
    expect(list.filter((tech) => tech.source === FINGERPRINT_SOURCE).map((tech) => tech.slug)).toEqual(["brand-new"]);
  });

  it("takes the list of Shopify apps before the fingerprint base: the base's entry for one of its apps is dropped, or joins it when named alike", () => {
    const list = buildTechnologyList(
      [],
      [
        {
          source: APP_DETECTOR_SOURCE,
          technologies: [
            {
              slug: "live-chat-app",
              name: "Live Chat",
              category: "chat-helpdesk",
              website: null,
              hosts: ["chat.example/widget"],
              shopify_app: true,
            },
            {
              slug: "labels-app",
              name: "Labels",
              category: "store-tools",
              website: null,
              hosts: ["cdn.vendor.example/labels"],
              shopify_app: true,
            },
          ],
        },
        {
          source: FINGERPRINT_SOURCE,
          technologies: [
            // Named alike: one technology, the app's entry, with the base's host and global too.
            {
              slug: "live-chat",
              name: "Live chat",
              category: "chat-helpdesk",
              website: null,
              hosts: ["chat.example"],
              globals: ["LiveChat"],
            },
            // A host of an app of the list: that app (a vendor's whole host included).
            { slug: "vendor", name: "Vendor", category: "other", website: null, hosts: ["cdn.vendor.example/"] },
            { slug: "other", name: "Other", category: "other", website: null, hosts: ["cdn.other.example"] },
          ],
        },
      ],
    );
    const imported = list.filter((tech) => tech.source !== "hand");
    expect(imported.map((tech) => [tech.slug, tech.source, tech.kind])).toEqual([
      ["live-chat-app", APP_DETECTOR_SOURCE, "app"],
      ["labels-app", APP_DETECTOR_SOURCE, "app"],
      ["other", FINGERPRINT_SOURCE, "technology"],
    ]);
    expect(imported[0]).toMatchObject({ hosts: ["chat.example/widget", "chat.example"], globals: ["LiveChat"] });
  });

  it("keeps no host any site loads from without a path, and no regex (a `?` in a path is the character)", () => {
    const hosts = [...FINGERPRINTS, ...APP_DETECTOR_APPS].flatMap((fp) => fp.hosts ?? []);
    for (const shared of ["cdn.shopify.com", "cdn.jsdelivr.net", "ajax.googleapis.com", "cdnjs.cloudflare.com", "cloudfront.net"]) {
      expect(hosts).not.toContain(shared);
      expect(hosts).not.toContain(`${shared}/`);
    }
    for (const host of hosts) expect(host).not.toMatch(/[\\()[\]*+|^$]/);
  });
});
