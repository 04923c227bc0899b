import { defineEndpoint } from "@/lib/http/define-endpoint";
import { jsonRpcErrorSchema } from "./schemas";

export const mcpEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/mcp",
  // Anyone may connect; each tool applies its own endpoint's rule (lib/tools).
  access: "public",
  operationId: "mcp",
  tag: "mcp",
  summary:
    'The MCP server (Streamable HTTP, stateless; JSON-RPC 2.0, malformed messages answered as JSON-RPC errors), in two revisions at once: 2026-07-28 (no handshake: server/discover, the revision and client capabilities in every request\'s _meta, Mcp-Method/Mcp-Name headers) and 2025-11-25 (initialize). Every tool declares an outputSchema and answers structuredContent plus the same JSON as text: tools to search the store directory, read a store, a report (paged), a changelog, apps and a job\'s status, analyze a store (charged like POST /api/jobs; without an API key the tool answers the x402 v2 PaymentRequired as a tool error, and is paid by a PaymentPayload in params._meta["x402/payment"], its receipt in the result\'s _meta["x402/payment-response"], a lost answer recovered by an x402 payment-identifier; sent with a progressToken it sends notifications/progress and answers the finished job; called with an account by a client that takes tasks, it (and analyze_batch) answers an MCP task whose id is the job (batch) id: 2026-07-28 the io.modelcontextprotocol/tasks extension, tasks/get and tasks/cancel; 2025-11-25 tasks in core, tasks/get, tasks/result and tasks/cancel; cancelling a task never cancels the paid job), your tracked stores (API key or session) and, as GET /api/store-detail/* (session only), their inventory, analytics, snapshot comparison and catalog events. Authenticate with Authorization: Bearer <key> or X-API-Key',
  description:
    "POST one JSON-RPC message (a batch is refused) with Accept naming application/json and text/event-stream (406 otherwise). Malformed messages are answered as JSON-RPC errors (400); a Host or Origin this server does not answer to is 403 (DNS rebinding protection); a body past the cap is 413. Tools apply their endpoints' access rules, so a tool a caller may not use answers a tool error, not an HTTP refusal.",
  answers: {
    200: {
      description: "A JSON-RPC response",
      content: { "application/json": { schema: { type: "object" } }, "text/event-stream": { schema: { type: "string" } } },
    },
    // The SDK and our batch refusal answer these as JSON-RPC errors, not with the error body.
    400: { schema: jsonRpcErrorSchema },
    // DNS rebinding protection: a Host or an Origin this server does not answer to (lib/mcp/request-origin.ts).
    403: "error",
    406: { schema: jsonRpcErrorSchema },
    413: "error",
  },
});
