import { z } from "zod";

/** The theme a storefront's HTML names (Shopify.theme), as the report and the artifacts keep it. */
export const storefrontThemeSchema = z.object({
  name: z.string().nullable(),
  id: z.number().nullable(),
  schemaName: z.string().nullable(),
  schemaVersion: z.string().nullable(),
  themeStoreId: z.number().nullable(),
  role: z.string().nullable(),
});
export type StorefrontTheme = z.infer<typeof storefrontThemeSchema>;

/** An app of the catalogue found in the storefront's HTML, with the pattern that matched. */
export const detectedAppSchema = z.object({ slug: z.string(), name: z.string(), category: z.string(), evidence: z.string() });
export type DetectedApp = z.infer<typeof detectedAppSchema>;
