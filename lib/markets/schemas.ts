import { z } from "zod";

export const MAX_LANGUAGES = 100;

/** The store's languages and regional variants and the market its page was read in (lib/markets/read-markets.ts). */
export const marketsSchema = z.object({
  languages: z
    .array(
      z.object({
        code: z.string().describe('An hreflang value as the page gives it: a language ("fr"), a regional variant ("en-US") or "x-default"'),
        url: z.string().nullable().describe("The address of that variant (as written; null when too long to keep)"),
      }),
    )
    .describe(`The page's <link rel="alternate" hreflang> alternates, each code once, at most ${MAX_LANGUAGES}`),
  language_count: z
    .number()
    .int()
    .describe("How many distinct hreflang codes the page lists (a store on Shopify Markets can list hundreds)"),
  locale: z.string().nullable().describe("Shopify.locale: the language the page was served in; null when the page does not say"),
  visitor_country: z
    .string()
    .nullable()
    .describe("Shopify.country: the market the page was served for when we read it (set from our visit, not the store's home country)"),
  presentment_currency: z.string().nullable().describe("Shopify.currency.active: the currency prices were shown in for that market"),
});
export type Markets = z.infer<typeof marketsSchema>;
