import type { McpServer, ServerContext } from "@modelcontextprotocol/server";
import { analyzeBatchTool, analyzeStoreTool, getReportTool, STORE_TOOLS, type StoreTool, type ToolCaller } from "@/lib/tools";
import { z } from "zod";
import { followJobResult } from "./job-progress";
import { createTask } from "./job-tasks";
import type { McpMessage } from "./mcp-message";
import { REPORT_CARD_TOOL_META } from "./report-card-app";
import { toolErrorSchema, toolPaymentRequiredSchema } from "./schemas";
import { mcpToolError, runMcpTool, takesPayment } from "./tool-payment";

/**
 * Every tool of the registry on one MCP server, for one caller. A refusal (no key, another
 * user's shop) is a tool error carrying the HTTP error body, so the agent can act on it; a
 * payment to make is x402's PaymentRequired, paid in the call's `_meta` (tool-payment.ts);
 * arguments the schema refuses are the SDK's JSON-RPC invalid-params error.
 * A result is typed: its outputSchema is the answer schema OpenAPI documents (StoreTool.output),
 * or one of the errors it may answer (outputSchema).
 * analyze_store called with a progressToken answers once its job has ended (job-progress.ts);
 * called by an account's client that takes a task, it (and analyze_batch) answers the task of
 * what it admitted (job-tasks.ts), and a refusal (a payment to make) stays the tool error it is.
 */
export function registerStoreTools(
  server: McpServer,
  caller: ToolCaller,
  requestId: string,
  message: McpMessage,
  offersTasks = false,
): void {
  for (const tool of STORE_TOOLS) {
    const registered = server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: outputSchema(tool),
        annotations: { title: tool.title, ...tool.hints },
        // An MCP Apps host renders get_report's result as the report card; others ignore the key.
        ...(tool === getReportTool ? { _meta: REPORT_CARD_TOOL_META } : {}),
      },
      async (args: unknown, ctx: ServerContext) => {
        try {
          const result = await runMcpTool(tool, args, caller, ctx.mcpReq._meta);
          if (runsAsTask(tool) && message.acceptsTask && !result.isError) return await createTask(result, message.era);

          return tool === analyzeStoreTool ? await followJobResult(result, ctx.mcpReq, caller.principal) : result;
        } catch (error) {
          return mcpToolError(tool, error, requestId);
        }
      },
    );
    // 2025-11-25 names, per tool, whether it may run as a task; 2026-07-28 leaves it to the server.
    if (runsAsTask(tool) && offersTasks && message.era === "legacy") registered.execution = { taskSupport: "optional" };
  }
}

/** The tools that admit long work an account's client may follow as an MCP task (job-tasks.ts). */
const runsAsTask = (tool: StoreTool) => tool === analyzeStoreTool || tool === analyzeBatchTool;

/**
 * What a tool's structured content may be: its answer, or the tool error it answers instead
 * (tool-result.ts; a paid tool's PaymentRequired, tool-payment.ts). A tool error carries
 * structured content too, and MCP clients such as the TypeScript SDK 1.x check it against the
 * declared schema even on isError: a schema naming only the answer made them throw -32602 where
 * the agent should have read the refusal (or the price). A union of objects is still declared
 * as `type: "object"` (an anyOf), so no client wraps it in `{ result }`.
 */
export function outputSchema(tool: StoreTool): z.ZodType {
  return takesPayment(tool) ? z.union([tool.output, toolPaymentRequiredSchema, toolErrorSchema]) : z.union([tool.output, toolErrorSchema]);
}
