import { z } from "zod";

/** Where on the page a finding was recognized. */
export const evidenceSourceSchema = z
  .enum([
    "script",
    "script-tag",
    "proxied-script-tag",
    "inline-script",
    "web-pixel",
    "trekkie",
    "app-block",
    "app-extension",
    "app-proxy",
    "link",
    "iframe",
    "image",
    "meta",
    "markup",
    "json-ld",
    "globals",
    "anchor",
    "hreflang",
  ])
  .describe(
    "Where it was seen: script (a <script src>), script-tag (Shopify's ScriptTag loader), proxied-script-tag (a ScriptTag Shopify proxies, cdn.shopify.com/proxy/…), inline-script, web-pixel (Shopify's webPixelsConfigList), trekkie (Shopify's older analytics settings), app-block (an app block or embed comment), app-extension (an app extension's asset), app-proxy (a path of the store's own host Shopify forwards to an app, /apps/<subpath>), link, iframe, image, meta, markup (a class or id), json-ld, globals (Shopify.* values), anchor (a link on the page), hreflang",
  );
export type EvidenceSource = z.infer<typeof evidenceSourceSchema>;

export const confidenceSchema = z
  .enum(["high", "medium", "low"])
  .describe(
    "high: the vendor's own identifier (its app handle, client id, script, tag id or a link to the profile); medium: a host or marker known to be the vendor's; low: a trace other things could leave",
  );
export type Confidence = z.infer<typeof confidenceSchema>;

/** What every finding on the storefront carries: what it was recognized by, where, and how sure. */
export const findingSchema = z.object({
  evidence: z.string().describe("What it was recognized by (a URL, marker, pixel entry or link), cut to 160 characters"),
  source: evidenceSourceSchema,
  confidence: confidenceSchema,
});
export type Finding = z.infer<typeof findingSchema>;

// Artifacts and reports of jobs from before findings carried a source and a confidence lack them.
const optionalFinding = { source: evidenceSourceSchema.optional(), confidence: confidenceSchema.optional() };

/** The theme a storefront's HTML names (Shopify.theme), as the report and the artifacts keep it. */
export const storefrontThemeSchema = z.object({
  name: z.string().nullable(),
  id: z.number().nullable(),
  schemaName: z.string().nullable(),
  schemaVersion: z.string().nullable(),
  themeStoreId: z.number().nullable(),
  role: z.string().nullable(),
  evidence: findingSchema.shape.evidence.optional(),
  ...optionalFinding,
});
export type StorefrontTheme = z.infer<typeof storefrontThemeSchema>;

/** An app of the catalog found in the storefront's HTML, with its strongest trace. */
export const detectedAppSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  evidence: findingSchema.shape.evidence,
  ...optionalFinding,
  first_party: z
    .literal(true)
    .optional()
    .describe("Shopify's own app (Inbox, Geolocation …): part of the platform rather than a third-party install"),
  app_store: z
    .object({
      handle: z
        .string()
        .describe("The handle the storefront named the app by, and its listing's address: https://apps.shopify.com/<handle>"),
      developer: z.string().nullable(),
      rating: z.number().nullable().describe("The listing's average rating, 0 to 5"),
      review_count: z.number().int().nullable(),
    })
    .optional()
    .describe(
      "The Shopify App Store listing that named the app, when our catalog did not know its handle (looked up once, then refreshed monthly); absent for catalog apps and in reports built before App Store lookups",
    ),
});
export type DetectedApp = z.infer<typeof detectedAppSchema>;

/**
 * An app the page names by its Shopify handle, web-pixel client id, app proxy or ScriptTag host
 * that the catalog does not know.
 */
export const unidentifiedAppSchema = findingSchema.extend({
  handle: z.string().nullable().describe("The app's handle (app block) or extension folder name, when that is the trace"),
  api_client_id: z.number().nullable().describe("The app's API client id, when its web pixel is the trace"),
  proxy_path: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The app proxy's subpath on the store's own host (`/apps/<proxy_path>`), when that is the trace; absent in reports built before app proxies were read",
    ),
  script_host: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The host of a ScriptTag (a script an app registered, listed by Shopify's loader) that no catalog names, when that is the trace: the vendor's host, or the storage bucket named like one; absent in reports built before ScriptTag hosts were read",
    ),
});
export type UnidentifiedApp = z.infer<typeof unidentifiedAppSchema>;
