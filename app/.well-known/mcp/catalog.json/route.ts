import { mcpCatalogResponse } from "@/lib/discovery/responses";

export const dynamic = "force-dynamic";

// GET /.well-known/mcp/catalog.json – the MCP Catalog of this domain: one entry, pointing at the server card
export function GET() {
  return mcpCatalogResponse();
}
