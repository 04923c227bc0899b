// Validation of JSON bodies received by the control API (/__fake/...). The TypeScript types in
// types.ts are the source of truth; the annotations below make tsc check the schemas match them.

import { z } from "zod";
import type { AdvanceOptions, FaultConfig, StoreDefinition } from "./types";

const count = z.number().int().min(0);
const rule = z.object({ firstN: count.optional(), everyK: z.number().int().min(1).optional() });

export const faultConfigSchema: z.ZodType<FaultConfig> = z.object({
  latencyMs: count.optional(),
  rateLimit: rule.extend({ retryAfterSeconds: z.number().min(0).nullable().optional() }).optional(),
  securityRejection: rule.optional(),
  locked: rule.optional(),
  serverErrors: rule.extend({ statuses: z.array(z.union([z.literal(500), z.literal(502), z.literal(503)])).optional() }).optional(),
  scope: z.enum(["all", "json"]).optional(),
});

const domain = z
  .string()
  .min(1)
  .regex(/^[a-z0-9.-]+$/i, "a host name");

const catalogSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("izabeldepaula"), snapshot: z.enum(["2026-06-16", "2026-06-23"]).optional() }),
  z.object({ source: z.literal("laneway"), products: count.optional() }),
  z.object({ source: z.literal("generated"), products: count.max(1_000_000), hugeVariantsEvery: count.optional() }),
]);

export const storeDefinitionSchema: z.ZodType<StoreDefinition> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("not_shopify"), domain }),
  z.object({
    kind: z.literal("shopify"),
    domain,
    aliases: z.array(domain).optional(),
    redirectFrom: z.array(domain).optional(),
    myshopifyDomain: z.string().optional(),
    shopId: z.number().int().min(1).optional(),
    catalog: catalogSchema,
    seed: z.number().int().optional(),
    name: z.string().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    exposeInventory: z.boolean().optional(),
    publishedProductsCount: z.number().int().min(0).optional(),
    password: z.boolean().optional(),
    jsonBlocked: z.boolean().optional(),
    robotsTxt: z.string().nullable().optional(),
    storefrontMcp: z.boolean().optional(),
    ucpProfile: z.boolean().optional(),
    llmsTxt: z.boolean().optional(),
    listingContentType: z.string().min(1).optional(),
    apps: z.array(z.string()).optional(),
    homePage: z
      .string()
      .max(5 * 1024 * 1024)
      .optional(),
    theme: z
      .object({
        name: z.string(),
        id: z.number().int(),
        schema_name: z.string(),
        schema_version: z.string(),
        theme_store_id: z.number().int().nullable(),
        role: z.literal("main"),
      })
      .optional(),
    pages: count.optional(),
    now: z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), "an ISO date")
      .optional(),
    faults: faultConfigSchema.optional(),
    oversized: z
      .object({
        every: z.number().int().min(1).optional(),
        titleBytes: count.optional(),
        tags: count.optional(),
        variants: z.number().int().min(1).optional(),
        images: count.optional(),
        imageSrcBytes: count.optional(),
      })
      .optional(),
  }),
]);

const quantities = z.array(z.object({ variantId: z.number().int(), quantity: count }));
const ids = z.array(z.number().int());

export const advanceOptionsSchema: z.ZodType<AdvanceOptions> = z.object({
  seed: z.number().int().optional(),
  minutes: count.optional(),
  dailySales: z.boolean().optional(),
  sales: z.union([count, quantities]).optional(),
  restocks: z.union([count, quantities]).optional(),
  priceChanges: z
    .union([
      count,
      z.array(
        z.object({
          variantId: z.number().int(),
          price: z.string().regex(/^\d+(\.\d{1,2})?$/),
          compareAtPrice: z
            .string()
            .regex(/^\d+(\.\d{1,2})?$/)
            .nullable()
            .optional(),
        }),
      ),
    ])
    .optional(),
  addProducts: count.optional(),
  removeProducts: z.union([count, ids]).optional(),
  addPages: count.optional(),
  removePages: z.union([count, ids]).optional(),
  addCollections: count.optional(),
  removeCollections: z.union([count, ids]).optional(),
});
