import { z } from "zod";

/** How the MCP endpoint refuses a message it cannot serve: a JSON-RPC 2.0 error, not our error body. */
export const jsonRpcErrorSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({
    code: z
      .number()
      .int()
      .describe(
        "-32700 parse error, -32600 invalid request (a batch, a missing Accept), -32601 unknown method, -32602 invalid params; 2026-07-28: -32020 Mcp-Method/Mcp-Name headers missing or disagreeing with the body, -32022 a protocol revision this server does not serve (data names the ones it does)",
      ),
    message: z.string(),
    data: z.unknown().optional(),
  }),
});
