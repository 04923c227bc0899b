import { defineEndpoint } from "@/lib/http/define-endpoint";
import { appNameParamsSchema, listAppsQuerySchema } from "./app-directory";
import { appDetailSchema, appListSchema } from "./schemas";

export const listAppsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/apps",
  access: "public",
  operationId: "listApps",
  tag: "directory",
  summary:
    "The app directory: every Shopify app StoreLens detects, with how many analyzed stores run it; filter by category or words (q); and the pixels and tags directory stores carry, with their store counts",
  query: listAppsQuerySchema,
  description:
    "No pagination: the whole directory in one answer. category must be one of the listed categories, q at most 100 characters (400 otherwise).",
  answers: { 200: { schema: appListSchema }, 400: "error" },
});

export const getAppEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/apps/:name",
  access: "public",
  operationId: "getApp",
  tag: "directory",
  summary: "One app by slug or name, and the stores seen running it",
  params: appNameParamsSchema,
  description: "By the app's slug (klaviyo) or its exact name, case-insensitive. 404 when no detected app has that slug or name.",
  answers: { 200: { schema: appDetailSchema }, 404: "error" },
});
