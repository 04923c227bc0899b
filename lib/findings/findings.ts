import { z } from "zod";
import { agentReadinessSchema } from "@/lib/agent-readiness/schemas";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { mergeTagsFoundAfterRender } from "@/lib/marketing/after-render";
import { marketingSchema } from "@/lib/marketing/schemas";
import { readMarkets } from "@/lib/markets/read-markets";
import { marketsSchema } from "@/lib/markets/schemas";
import { mergeSocials, readSocials } from "@/lib/socials/read-socials";
import { socialsSchema } from "@/lib/socials/schemas";
import { detectedAppSchema, storefrontThemeSchema, unidentifiedAppSchema } from "@/lib/storefront-html/schemas";
import { detectTechnologies, technologiesOf } from "@/lib/technologies/detect-technologies";
import { type DetectedTechnology, detectedTechnologySchema } from "@/lib/technologies/schemas";
import { defineFinding, type Words } from "./define-finding";
import { upgradeAgentReadiness } from "./upgrade-agent-readiness";
import { contentCutSummarySchema, crawlSectionSchema, renderSectionSchema } from "./sections";

// Every finding of the report, in the order of the report's metadata. A new one is one entry
// here (docs/architecture.md › "Where a change goes" › A new report finding).

const theme = defineFinding({
  key: "theme",
  schema: storefrontThemeSchema.nullable(),
  basis: "observed",
  required: true,
  origin: "pages",
  build: ({ storefront }) => storefront?.theme ?? null,
  page: { section: "Theme and apps" },
});

const apps = defineFinding({
  key: "apps",
  schema: z.array(detectedAppSchema),
  // Detection matches our catalog's patterns against the storefront HTML.
  basis: "derived",
  required: true,
  origin: "pages",
  build: ({ storefront }) => storefront?.apps ?? [],
  // Apps seen only after render join the list, their evidence saying so, as detect-apps reports them.
  afterRender: (known, found, app) => {
    const added = found.flatMap((finding) => {
      if (finding.kind !== "app" || known.some((k) => k.slug === finding.slug)) return [];
      const reported = app(finding);

      return reported ? [reported] : [];
    });

    return added.length === 0 ? known : [...known, ...added];
  },
  page: { section: "Theme and apps" },
});

const unidentifiedApps = defineFinding({
  key: "unidentified_apps",
  schema: z.array(unidentifiedAppSchema),
  basis: "derived",
  describe:
    "Apps the storefront names by their Shopify handle or web-pixel client id that StoreLens' catalog does not know (at most 50); absent in reports built before they were read",
  origin: "pages",
  build: ({ storefront }) => storefront?.unidentifiedApps ?? [],
  page: { section: "Theme and apps" },
});

const cutToLimits = defineFinding({
  key: "cut_to_limits",
  schema: contentCutSummarySchema,
  basis: "derived",
  describe:
    "What the limits on store content left out of the products (all zero when nothing was); absent in reports built before these limits",
  origin: "build-report",
  page: {
    detail: {
      label: "Left out by report limits",
      how: "Very large products are trimmed to what a report keeps: extra variants, images, tags or long text.",
      text: ({ products }, words) =>
        products === 0 ? "Nothing" : `Parts of ${words.count(products)} ${products === 1 ? "product" : "products"}`,
    },
  },
});

const crawl = defineFinding({
  key: "crawl",
  schema: crawlSectionSchema,
  // Our own requests, counted as they were made.
  basis: "derived",
  describe: "How the store was read (requests, refusals, robots.txt); absent in reports built before it was recorded",
  origin: "build-report",
  page: { section: "How the store was read" },
});

const agentReadiness = defineFinding({
  key: "agent_readiness",
  schema: agentReadinessSchema,
  // The store's own answers to one request each, and its robots.txt's words to AI crawlers.
  basis: "observed",
  describe:
    "What the store offers AI agents (Storefront MCP, UCP profile, llms.txt) and what its robots.txt tells AI crawlers; absent in reports built before it was checked",
  origin: "build-report",
  upgrade: upgradeAgentReadiness,
  page: { section: "Ready for AI agents" },
  storePage: { label: "AI agents" },
});

const marketing = defineFinding({
  key: "marketing",
  schema: marketingSchema,
  basis: "observed",
  describe:
    "The marketing and analytics tags on the store's home page (Google, Meta, TikTok … with their ids) and its custom pixels; absent in reports built before they were read, or when the home page could not be read",
  origin: "home-page",
  read: ({ $ }) => detectMarketing($),
  afterRender: (value, found) => mergeTagsFoundAfterRender(value, found),
  page: { section: "Marketing and analytics" },
  storePage: { label: "Pixels and tags" },
});

const socials = defineFinding({
  key: "socials",
  schema: socialsSchema,
  basis: "observed",
  describe:
    "The store's own social profiles, public e-mails and phones, from its home page, its contact and about pages and its JSON-LD; absent in reports built before they were read",
  origin: "home-page",
  read: ({ signals }) => readSocials([{ signals, seenOn: "/" }]),
  // The contact pages are read by fetch-pages, the home page by detect-apps: merged here.
  build: ({ storefront, pages }) => {
    const home = socialsSchema.optional().parse(storefront?.socials);
    const contact = pages?.socials;

    return home && contact ? mergeSocials(home, contact) : (home ?? contact);
  },
  page: { section: "Socials and contact" },
  storePage: { label: "Social profiles" },
});

const markets = defineFinding({
  key: "markets",
  schema: marketsSchema,
  basis: "observed",
  describe:
    "Languages (hreflang alternates) and the market the home page was served for (ships_to_countries lists where it ships); absent in reports built before they were read and when the home page could not be read",
  origin: "home-page",
  read: ({ signals }) => readMarkets(signals),
  page: { section: "Markets and languages" },
  storePage: { label: "Languages" },
});

const technologies = defineFinding({
  key: "technologies",
  schema: z.array(detectedTechnologySchema),
  // Apps and tags as their detectors found them; the rest matched by host against the fingerprint base.
  basis: "derived",
  describe:
    "Every technology on the home page in one list (apps, tags and pixels, payments, analytics, A/B testing, error tracking, search …), each once with a category and all its evidence; absent in reports built before the list",
  origin: "home-page",
  // The served page's technologies outside the app catalog and the tag kinds; build joins the three.
  read: ({ signals }) => detectTechnologies(signals),
  build: ({ storefront }) => {
    if (!storefront) return undefined;
    const read = z.array(detectedTechnologySchema).optional().safeParse(storefront.technologies);
    const tags = marketingSchema.optional().safeParse(storefront.marketing);

    return technologiesOf({
      apps: storefront.apps,
      tags: (tags.success ? tags.data?.tags : undefined) ?? [],
      technologies: (read.success ? read.data : undefined) ?? [],
    });
  },
  page: {
    detail: {
      label: "Technologies",
      how: "Apps, tags and the technologies of an open fingerprint base matched by the hosts the home page loads, each counted once.",
      text: (value, words) => (value.length === 0 ? "None found" : words.list(value.map((tech) => tech.name))),
    },
  },
  // The store page draws apps and tags itself: its row names the rest (payments, testing, search …), if any.
  storePage: {
    label: "Other technologies",
    text: (value: DetectedTechnology[], words: Words) => {
      // Apps (our catalog's, the base's Shopify apps, App Store listings) and tags have rows of their own.
      const other = value.filter((tech) => tech.kind === "technology").map((tech) => tech.name);

      return other.length === 0 ? "" : words.list(other);
    },
  },
});

const render = defineFinding({
  key: "render",
  schema: renderSectionSchema,
  // Our own browser's view of the home page.
  basis: "observed",
  describe:
    "The home page rendered in a browser: screenshots, and findings seen only after its scripts ran; absent in reports built before the render step",
  origin: "build-report",
  page: { section: "The store" },
});

export const FINDINGS = [
  theme,
  apps,
  unidentifiedApps,
  cutToLimits,
  crawl,
  agentReadiness,
  marketing,
  socials,
  markets,
  technologies,
  render,
] as const;
