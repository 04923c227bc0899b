import { z } from "zod";
import { storeSummarySchema } from "@/lib/store-directory/schemas";

/** Weeks of installs and removals a market report counts, the current week last. */
export const MARKET_WEEKS = 12;
/** Rows of each ranking (co-installs, countries, themes). */
export const MARKET_TOP = 10;

export const marketWeekSchema = z.object({
  week: z.iso.date().describe("The Monday (UTC) the week starts on"),
  installed: z.number().int().describe("Stores an analysis saw adopt it that week (installed; for a theme, switched to it)"),
  removed: z.number().int().describe("Stores an analysis saw drop it that week (removed; for a theme, switched away)"),
});

export const marketAppShareSchema = z.object({
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  stores: z.number().int().describe("Stores running both"),
  share: z.number().describe("Of the stores running it now, the part that also runs this app (0–1)"),
});

export const marketCountSchema = z.object({
  value: z.string().describe("A country code or a theme slug"),
  label: z.string().describe("Its name"),
  stores: z.number().int(),
  share: z.number().describe("Of the stores running it now (0–1)"),
});

/**
 * An app's or a theme's market: who runs it now, who adopted and dropped it week by week (from
 * the stores' technology timelines), what it is run with, and where. Counted over the directory's
 * listed stores (a completed analysis), each by its latest analysis.
 */
export const marketReportSchema = z.object({
  stores_now: z.number().int().describe("Listed stores whose latest analysis found it"),
  weeks: z.array(marketWeekSchema).describe(`The last ${MARKET_WEEKS} weeks, oldest first, weeks without a change included`),
  installed_recently: z.number().int().describe(`Adoptions over those ${MARKET_WEEKS} weeks`),
  removed_recently: z.number().int().describe(`Drops over those ${MARKET_WEEKS} weeks`),
  share: z.object({
    of: z.string().describe("What the share is of: the stores running an app of its category, or the stores whose theme is known"),
    stores: z.number().int().describe("How many stores that is"),
    share: z.number().describe("stores_now over that (0–1); 0 when there are none"),
  }),
  co_installs: z
    .array(marketAppShareSchema)
    .describe(`The apps most often run beside it (for a theme: on its stores), at most ${MARKET_TOP}, most stores first`),
  countries: z.array(marketCountSchema).describe(`Where its stores are based, at most ${MARKET_TOP}, most stores first`),
  themes: z.array(marketCountSchema).describe(`Its stores' themes (empty for a theme), at most ${MARKET_TOP}`),
  recent_stores: z.array(storeSummarySchema).describe("Stores running it now, most recently analyzed first, at most 50"),
});
export type MarketReport = z.infer<typeof marketReportSchema>;

export const themeSlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(100)
    .regex(/^[a-z0-9][a-z0-9-]*$/, "a theme slug: lower-case letters, digits and hyphens (dawn, prestige)"),
});

/** GET /api/themes/:slug. */
export const themeReportSchema = marketReportSchema.extend({
  slug: z.string(),
  name: z.string().describe("The theme's name as most of its stores' home pages give it"),
});
export type ThemeReport = z.infer<typeof themeReportSchema>;
