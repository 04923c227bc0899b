import { z } from "zod";
import { findingSchema } from "@/lib/storefront-html/schemas";
import { TECHNOLOGY_CATEGORIES } from "./categories";

/** The imported base, as scripts/import-fingerprints.mjs names it in the data file. */
export const FINGERPRINT_SOURCE = "wappalyzer@6.10.47";

/** The imported base of Shopify apps, as scripts/import-shopify-app-detector.mjs names it in its data file. */
export const APP_DETECTOR_SOURCE = "shopify-app-detector@afa77b6";

/** The imported bases, in the order the list takes them (lib/technologies/catalog.ts). */
export const IMPORTED_SOURCES = [APP_DETECTOR_SOURCE, FINGERPRINT_SOURCE] as const;
export type ImportedSource = (typeof IMPORTED_SOURCES)[number];

/** Where a technology's entry comes from: our own catalog, an imported base, or an App Store listing. */
export const technologySourceSchema = z
  .enum(["hand", FINGERPRINT_SOURCE, APP_DETECTOR_SOURCE, "app-store"])
  .describe(
    "Where StoreLens' entry for it comes from: hand (our own catalog of apps and tags), wappalyzer@6.10.47 (the MIT-licensed fingerprint base), shopify-app-detector@afa77b6 (the Apache-2.0 list of Shopify apps of Fera Commerce's Shopify App Detector; docs/decisions.md) or app-store (a Shopify App Store listing)",
  );
export type TechnologySource = z.infer<typeof technologySourceSchema>;

export const technologyKindSchema = z
  .enum(["app", "tag", "technology"])
  .describe(
    "app: a Shopify app of the catalog (also in `apps`); tag: a marketing tag or pixel (also in `marketing`); technology: anything else",
  );
export type TechnologyKind = z.infer<typeof technologyKindSchema>;

export const technologyCategorySchema = z.enum(TECHNOLOGY_CATEGORIES);

/**
 * One entry of the imported fingerprint file (lib/technologies/fingerprints.json): plain host
 * fragments, global names and exact ids/classes, never a regex.
 */
export const fingerprintSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    name: z.string().min(1),
    category: technologyCategorySchema,
    website: z.string().nullable(),
    hosts: z.array(z.string().regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[a-z0-9./_@~%+=&?:-]*)?$/)).optional(),
    globals: z.array(z.string().regex(/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/)).optional(),
    markup: z.array(z.string().regex(/^[#.][A-Za-z_][\w-]{5,}$/)).optional(),
    /** The base files it as a Shopify app. */
    shopify_app: z.literal(true).optional(),
  })
  .strict();
export type Fingerprint = z.infer<typeof fingerprintSchema>;

export const fingerprintFileSchema = z.object({
  source: z.literal(FINGERPRINT_SOURCE),
  license: z.literal("MIT"),
  imported_from: z.string(),
  technologies: z.array(fingerprintSchema),
});

/**
 * The imported list of Shopify apps (lib/technologies/shopify-app-detector.json): the same entries,
 * each a Shopify app slugged by its App Store handle, with at least one host.
 */
export const appDetectorFileSchema = z.object({
  source: z.literal(APP_DETECTOR_SOURCE),
  license: z.literal("Apache-2.0"),
  imported_from: z.string(),
  technologies: z.array(
    fingerprintSchema.extend({
      hosts: fingerprintSchema.shape.hosts.unwrap().min(1),
      shopify_app: z.literal(true),
    }),
  ),
});

/** Per technology in the report: its pieces of evidence, strongest first. */
export const MAX_TECHNOLOGY_EVIDENCE = 10;

/** A technology on the store's home page, reported once with every piece of evidence. */
export const detectedTechnologySchema = z.object({
  slug: z.string().describe("Stable identifier: the app's catalog slug, the tag's kind, or the fingerprint's slug"),
  name: z.string(),
  category: technologyCategorySchema.describe("One category per technology (the app categories, tag-manager, advertising, ab-testing …)"),
  kind: technologyKindSchema,
  source: technologySourceSchema,
  ids: z.array(z.string()).describe("The account, property or container ids its tags send to (tags only; empty otherwise)"),
  evidence: z
    .array(findingSchema)
    .min(1)
    .max(MAX_TECHNOLOGY_EVIDENCE)
    .describe("Every trace it was recognized by, strongest first (at most 10)"),
  first_party: z.literal(true).optional().describe("Shopify's own (Inbox, Shop Pay …): part of the platform"),
});
export type DetectedTechnology = z.infer<typeof detectedTechnologySchema>;
