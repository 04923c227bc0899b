/**
 * The MCP route served on loopback, and the official MCP client connected to it the way an
 * agent's MCP client connects (Streamable HTTP, credentials in headers).
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "mcp-sdk-v1/client";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "mcp-sdk-v1/client/streamableHttp.js";
import { POST } from "@/app/api/mcp/route";
import { startRouteHost, type RouteHost } from "./route-host";

/**
 * POST /api/mcp, and a GET answered 405 as the server answers a method the route does not export.
 * `tap` sees a copy of every POST before the route does (what a client nobody here wrote sent).
 */
export function startMcpHost({ tap }: { tap?: (request: Request) => Promise<void> } = {}): Promise<RouteHost> {
  return startRouteHost({
    routes: [
      {
        method: "POST",
        path: /^\/api\/mcp$/,
        handler: tap
          ? async (request, context) => {
              await tap(request.clone());

              return POST(request, context);
            }
          : POST,
      },
      {
        method: "GET",
        path: /^\/api\/mcp$/,
        handler: async () =>
          Response.json(
            { error: "Method GET not allowed", code: "method_not_allowed" },
            { status: 405, headers: { allow: "OPTIONS, POST" } },
          ),
      },
    ],
  });
}

/**
 * The MCP revisions /api/mcp serves: 2025-11-25 (an `initialize` handshake, what most clients
 * still speak) and 2026-07-28 (stateless: `server/discover`, the version and capabilities in
 * every request's `_meta`). Every MCP test runs under both.
 */
export const MCP_REVISIONS = ["2025-11-25", "2026-07-28"] as const;
export type McpRevision = (typeof MCP_REVISIONS)[number];

/**
 * A connected client; `headers` carry the caller's credentials (X-API-Key, Authorization). The
 * SDK client speaks 2025-11-25 unless told otherwise; pinned to 2026-07-28 it probes with
 * `server/discover` and fails loudly if the server does not offer that revision.
 */
export async function connectMcp(
  origin: string,
  headers: Record<string, string> = {},
  revision: McpRevision = "2025-11-25",
): Promise<Client> {
  const client = new Client(
    { name: "storelens-test", version: "1.0.0" },
    revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: revision } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", origin), { requestInit: { headers } }));

  return client;
}

/**
 * A client of the TypeScript SDK 1.x (`mcp-sdk-v1`, an alias of @modelcontextprotocol/sdk@1),
 * what many agents still run: it speaks 2025-11-25 and checks a tool's structured content
 * against its outputSchema, even on a tool error.
 */
export async function connectMcpV1(origin: string, headers: Record<string, string> = {}): Promise<ClientV1> {
  const client = new ClientV1({ name: "storelens-test-sdk1", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransportV1(new URL("/api/mcp", origin), { requestInit: { headers } }));

  return client;
}

/** The JSON a tool answered (its structured content), and whether it was a tool error. */
export function toolJson<T = Record<string, unknown>>(result: unknown): { isError: boolean; body: T } {
  const { isError, structuredContent } = result as { isError?: boolean; structuredContent?: unknown };

  return { isError: isError === true, body: structuredContent as T };
}
