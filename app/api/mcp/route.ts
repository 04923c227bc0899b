import { route } from "@/lib/endpoints/route";
import { handleMcpRequest } from "@/lib/mcp";
import { mcpEndpoint } from "@/lib/mcp/endpoints";

export const dynamic = "force-dynamic";

// POST /api/mcp – the MCP server (Streamable HTTP, stateless): the store tools of lib/tools for
// agents, each under its HTTP endpoint's access rule; authenticate with Authorization: Bearer
// <key> or X-API-Key. GET answers 405: a stateless server opens no event stream.
export const POST = route(mcpEndpoint, ({ req, principal, requestId }) => handleMcpRequest(req, principal, requestId));
