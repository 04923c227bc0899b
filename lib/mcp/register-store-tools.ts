import type { McpServer } from "@modelcontextprotocol/server";
import { runTool, STORE_TOOLS, type ToolCaller } from "@/lib/tools";
import { toolError, toolResult } from "./tool-result";

/**
 * Every tool of the registry on one MCP server, for one caller. A refusal (no key, another
 * user's shop, a payment to make) is a tool error carrying the HTTP error body, so the agent
 * can act on it; arguments the schema refuses are the SDK's JSON-RPC invalid-params error.
 * A result is typed: its outputSchema is the answer schema OpenAPI documents (StoreTool.output).
 */
export function registerStoreTools(server: McpServer, caller: ToolCaller, requestId: string): void {
  for (const tool of STORE_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.hints },
      },
      async (args: unknown) => {
        try {
          return toolResult(await runTool(tool, args, caller));
        } catch (error) {
          return toolError(error, requestId);
        }
      },
    );
  }
}
