import * as alerts from "@/lib/alerts/endpoints";
import type { AccessName } from "@/lib/auth/access";
import * as apiKeys from "@/lib/api-keys/endpoints";
import * as apps from "@/lib/apps/endpoints";
import * as auth from "@/lib/auth/endpoints";
import * as batches from "@/lib/batches/endpoints";
import * as billing from "@/lib/billing/endpoints";
import * as blog from "@/lib/blog/endpoints";
import * as botAuth from "@/lib/bot-auth/endpoints";
import * as chat from "@/lib/chat/endpoints";
import * as freeExport from "@/lib/export/endpoints";
import * as health from "@/lib/health/endpoints";
import * as history from "@/lib/history/endpoints";
import { defineEndpoint, type Endpoint } from "@/lib/http/define-endpoint";
import * as jobs from "@/lib/jobs/endpoints";
import * as lists from "@/lib/lists/endpoints";
import * as market from "@/lib/market/endpoints";
import * as mcp from "@/lib/mcp/endpoints";
import * as pagespeed from "@/lib/pagespeed/endpoints";
import * as quickLook from "@/lib/quick-look/endpoints";
import * as reports from "@/lib/reports/endpoints";
import * as storeDirectory from "@/lib/store-directory/endpoints";
import * as tracking from "@/lib/tracking/endpoints";
import * as webhooks from "@/lib/webhooks/endpoints";

export const getOpenApiDocumentEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/openapi.json",
  access: "public",
  operationId: "getOpenApiDocument",
  tag: "system",
  summary: "This document (OpenAPI 3.1)",
  description:
    "OpenAPI 3.1, generated from the same declarations that serve the API, so it always matches this server's version (info.version); servers names this server's base URL. Breaking changes are listed in the dated API changelog.",
  answers: { 200: { content: { "application/json": { schema: { type: "object", description: "JSON document" } } } } },
});

/**
 * Every endpoint of the API, as its domain declares it (lib/<domain>/endpoints.ts, each export
 * one endpoint): the route files serve these, the OpenAPI document describes them, the access
 * matrix test and the custom server's 405 answers walk them. A new endpoint in a domain listed
 * here joins by its declaration alone; lib/endpoints/registry.test.ts holds the list to the
 * route files. The order is the document's (and the API reference's sections).
 */
export const ENDPOINTS: readonly Endpoint<AccessName>[] = [
  ...Object.values(health),
  ...Object.values(apiKeys),
  ...Object.values(auth),
  ...Object.values(jobs),
  ...Object.values(quickLook),
  ...Object.values(batches),
  ...Object.values(reports),
  ...Object.values(pagespeed),
  ...Object.values(storeDirectory),
  ...Object.values(history),
  ...Object.values(apps),
  ...Object.values(market),
  ...Object.values(freeExport),
  ...Object.values(billing),
  ...Object.values(botAuth),
  ...Object.values(chat),
  ...Object.values(blog),
  ...Object.values(tracking),
  ...Object.values(lists),
  ...Object.values(alerts),
  ...Object.values(webhooks),
  ...Object.values(mcp),
  getOpenApiDocumentEndpoint,
];
