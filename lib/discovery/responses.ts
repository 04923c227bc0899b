import { siteUrl } from "@/lib/site-url";
import { DISCOVERY_HEADERS, mcpCatalog, serverCard } from "./server-card";
import { serverJsonFromCard } from "./server-json";

// The discovery documents as the routes answer them (app/.well-known/mcp*, app/server.json).

export async function serverCardResponse(): Promise<Response> {
  return new Response(JSON.stringify(await serverCard()), { headers: DISCOVERY_HEADERS });
}

export function mcpCatalogResponse(): Response {
  return new Response(JSON.stringify(mcpCatalog()), { headers: DISCOVERY_HEADERS });
}

export async function serverJsonResponse(): Promise<Response> {
  return new Response(JSON.stringify(serverJsonFromCard(await serverCard(), siteUrl()), null, 2), { headers: DISCOVERY_HEADERS });
}
