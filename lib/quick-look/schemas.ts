import { z } from "zod";
import { agentReadinessSchema } from "@/lib/agent-readiness/schemas";
import { marketingSchema } from "@/lib/marketing/schemas";
import { marketsSchema } from "@/lib/markets/schemas";
import { socialsSchema } from "@/lib/socials/schemas";
import { normalizeDomain } from "@/lib/store-domain/normalize-domain";
import { detectedAppSchema, storefrontThemeSchema, unidentifiedAppSchema } from "@/lib/storefront-html/schemas";
import { detectedTechnologySchema } from "@/lib/technologies/schemas";

// The quick look's request and answer. Only schemas live here (no detector, no database): the
// browser's client parses the answer with them.

/** GET /api/quick-look's query: a store domain, normalized like POST /api/jobs's (lib/store-domain). */
export const quickLookQuerySchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, "domain is required")
    .max(300)
    .meta({ examples: ["allbirds.com"] })
    .describe("The store's domain, as POST /api/jobs takes it (a URL is cut to its host)")
    .transform((input, ctx) => {
      const host = normalizeDomain(input);
      if (host.ok) return host.domain;
      ctx.addIssue({ code: "custom", message: host.error, input });

      return z.NEVER;
    }),
});

const problemSchema = z.object({
  code: z
    .string()
    .describe(
      "Why the home page was not read, as a job's error code says it (store_unavailable, store_password_protected, robots_disallowed …)",
    ),
  message: z.string().describe("The same in a sentence"),
});

/** What a quick look read from a store's home page (the same shapes as the report's findings' values). */
export const quickLookSchema = z.object({
  domain: z.string().describe("The store's host, normalized"),
  read_at: z.iso.datetime().describe("When the store was read (a cached look keeps its first reading's time)"),
  fresh_until: z.iso.datetime().describe("Until when this look is answered from the cache without asking the store again"),
  home_page: z.object({
    read: z.boolean().describe("Whether the home page was read; false leaves theme and apps empty and the home page's findings out"),
    url: z.string().nullable().describe("The home page's address after redirects; null when it was not read"),
    title: z.string().nullable().describe("Its <title>; null when none or not read"),
    shopify: z.boolean().describe("Whether the page carries Shopify's own markers (the Shopify global, its CDN)"),
    problem: problemSchema
      .nullable()
      .describe("Why the page was not read, or why it does not look like a Shopify store; null when all went well"),
  }),
  theme: storefrontThemeSchema.nullable().describe("The theme (as the report's `theme`); null when the page names none or was not read"),
  apps: z.array(detectedAppSchema).describe("The apps detected (as the report's `apps`)"),
  unidentified_apps: z.array(unidentifiedAppSchema).describe("App handles the catalog does not know (as the report's `unidentified_apps`)"),
  marketing: marketingSchema.nullable().describe("Tags and pixels (as the report's `marketing`); null when the page was not read"),
  socials: socialsSchema.nullable().describe("Social profiles and contact on the home page; null when it was not read"),
  markets: marketsSchema.nullable().describe("Languages and the market the page was served for; null when it was not read"),
  technologies: z.array(detectedTechnologySchema).describe("Every technology found, each once (as the report's `technologies`)"),
  agent_readiness: agentReadinessSchema.describe("Storefront MCP, UCP profile, llms.txt and what robots.txt tells AI crawlers"),
  full_analysis: z
    .object({
      sign_up_url: z
        .string()
        .describe("Where a person signs up and lands on the dashboard with this domain filled in (a path on this site)"),
      x402_price_usd: z
        .string()
        .nullable()
        .describe(
          "The price of one analysis paid per request with x402 at POST /api/jobs, no account needed; null when this server takes no x402 payment",
        ),
    })
    .describe("How to get the full analysis: products, collections, pages, changes, render and PageSpeed"),
});
export type QuickLook = z.infer<typeof quickLookSchema>;
