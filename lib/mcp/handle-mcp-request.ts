import { createMcpHandler } from "mcp-handler";
import type { Principal } from "@/lib/auth/principal";
import { MCP_SERVER_INFO } from "@/lib/server-identity";
import { readCappedBody } from "@/lib/http/read-capped-body";
import { logger } from "@/lib/log";
import { readMcpMessage } from "./mcp-message";
import { registerStoreServer } from "./register-store-server";
import { assertMcpRequestOrigin } from "./request-origin";
import { cancelNotifiedCall } from "./waiting-calls";

/** The same cap as every JSON body the route wrapper reads. */
export const MAX_MCP_BODY_BYTES = 1_000_000;

/** A JSON-RPC batch: an array body (after leading white space). */
const BATCH = /^\s*\[/;

/**
 * POST /api/mcp: one stateless Streamable HTTP exchange of the MCP server. The route wrapper
 * has already resolved the caller (API key, bearer, session, or nobody: a payment header is
 * ignored on this public route, so analyze_store answers the requirements) and applied the IP
 * cooldown and the access matrix; here a foreign Host or Origin is refused (403, DNS rebinding:
 * request-origin.ts), the body is capped while it streams (413 past the cap)
 * and refused if it is not UTF-8 (400), and a server is built for this caller, so no tool can
 * see another request's credentials. Malformed JSON-RPC is answered by the SDK as JSON-RPC
 * errors; a tool's arguments are checked for NUL and lone surrogates by runTool, as the chat's are.
 */
export async function handleMcpRequest(req: Request, principal: Principal, requestId: string): Promise<Response> {
  assertMcpRequestOrigin(req, principal);
  const body = await readCappedBody(req, MAX_MCP_BODY_BYTES, { strictUtf8: true });
  // One request, one message: the IP cooldown counts HTTP requests, so a batch of a hundred
  // tool calls would count as one. MCP has had no batches since protocol version 2025-06-18.
  if (BATCH.test(body)) return batchRefused();
  // A 2025-11-25 client cancels in a request of its own, which this call's fresh server could not relate to anything.
  cancelNotifiedCall(body, principal);
  // Its revision (what the server declares) and whether a tools/call may be answered with a task.
  const message = readMcpMessage(req, body);
  const capped = new Request(req.url, { method: req.method, headers: req.headers, body, signal: req.signal });
  const handler = createMcpHandler((server) => registerStoreServer(server, { principal }, requestId, message), {
    serverInfo: MCP_SERVER_INFO,
    telemetry: false,
    onEvent: (event) => {
      // Mostly callers' malformed messages, already answered as JSON-RPC errors: worth a trace, not an alarm.
      if (event.type === "ERROR") logger.debug("MCP request refused", { requestId, error: String(event.error) });
    },
  });

  return handler(capped);
}

function batchRefused(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: batches are not accepted; send one JSON-RPC message per request" },
    },
    { status: 400 },
  );
}
