import { defineEndpoint } from "@/lib/http/define-endpoint";
import { themeReportSchema, themeSlugParamsSchema } from "./schemas";

export const getThemeEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/themes/:slug",
  access: "public",
  operationId: "getTheme",
  tag: "directory",
  summary:
    "A theme's market report by slug (dawn, prestige): the listed stores running it now, the stores that switched to it or away from it in each of the last 12 weeks (from their technology timelines), the apps its stores run most, its share of the stores whose theme is known, their countries, and the latest of its stores",
  params: themeSlugParamsSchema,
  description:
    "By the theme's slug (its name in lower case, non-alphanumerics as dashes). 404 when no analyzed store's current theme has that slug; 400 for a slug that is not lower-case letters, digits and dashes.",
  answers: { 200: { schema: themeReportSchema }, 400: "error", 404: "error" },
});
