import { serverCardResponse } from "@/lib/discovery/responses";

export const dynamic = "force-dynamic";

// GET /.well-known/mcp/server-card.json – the MCP server card (SEP-2127): endpoint, revisions, auth, tools
export function GET() {
  return serverCardResponse();
}
