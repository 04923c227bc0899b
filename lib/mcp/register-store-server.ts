import type { McpServer } from "@modelcontextprotocol/server";
import type { ToolCaller } from "@/lib/tools";
import { registerStoreTools } from "./register-store-tools";
import { registerStorePrompts } from "./store-prompts";
import { registerStoreResources } from "./store-resources";

/** Everything the MCP server offers one caller: the tools, the resources (with the report card app) and the prompts. */
export function registerStoreServer(server: McpServer, caller: ToolCaller, requestId: string): void {
  registerStoreTools(server, caller, requestId);
  registerStoreResources(server, caller);
  registerStorePrompts(server);
}
