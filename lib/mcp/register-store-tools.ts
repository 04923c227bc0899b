import type { McpServer, ServerContext } from "@modelcontextprotocol/server";
import { analyzeStoreTool, runTool, STORE_TOOLS, type ToolCaller } from "@/lib/tools";
import { followAdmittedJob, type AdmittedJob } from "./job-progress";
import { toolError, toolResult } from "./tool-result";

/**
 * Every tool of the registry on one MCP server, for one caller. A refusal (no key, another
 * user's shop, a payment to make) is a tool error carrying the HTTP error body, so the agent
 * can act on it; arguments the schema refuses are the SDK's JSON-RPC invalid-params error.
 * A result is typed: its outputSchema is the answer schema OpenAPI documents (StoreTool.output).
 * analyze_store called with a progressToken answers once its job has ended (lib/mcp/job-progress.ts).
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
      async (args: unknown, ctx: ServerContext) => {
        try {
          const answer = await runTool(tool, args, caller);
          if (tool === analyzeStoreTool) return toolResult(await followAdmittedJob(answer as AdmittedJob, ctx.mcpReq, caller.principal));

          return toolResult(answer);
        } catch (error) {
          return toolError(error, requestId);
        }
      },
    );
  }
}
