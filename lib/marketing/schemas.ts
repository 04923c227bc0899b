import { z } from "zod";
import { findingSchema } from "@/lib/storefront-html/schemas";
import { TAG_KIND_SLUGS } from "./tag-kinds";

export const tagKindSchema = z
  .enum(TAG_KIND_SLUGS)
  .describe("What the tag is, a stable slug (google-analytics-4, google-tag-manager, meta-pixel, tiktok-pixel …)");

/** One marketing or analytics tag on the store's home page, with what it was recognized by. */
export const marketingTagSchema = findingSchema.extend({
  kind: tagKindSchema,
  name: z.string().describe("The tag's name for people, e.g. Google Analytics 4"),
  id: z
    .string()
    .nullable()
    .describe("The account, property or container id the tag sends to (G-…, GTM-…, a pixel id), as written; null when the page shows none"),
});
export type MarketingTag = z.infer<typeof marketingTagSchema>;

/** Custom pixels: code the merchant pasted into Shopify's customer events, known only by its name. */
export const customPixelsSchema = z.object({
  count: z.number().int().describe("Custom pixels in Shopify's web pixel list, Shopify's own two not counted"),
  names: z.array(z.string()).describe("The names the merchant gave them (a pixel without a name is counted, not named)"),
});
export type CustomPixels = z.infer<typeof customPixelsSchema>;

/** The marketing and analytics stack read from the store's home page. */
export const marketingSchema = z.object({
  tags: z.array(marketingTagSchema).describe("Tags found, one per kind and id (at most 100), each with its strongest evidence"),
  custom_pixels: customPixelsSchema,
});
export type Marketing = z.infer<typeof marketingSchema>;
