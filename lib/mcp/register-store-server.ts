import type { McpServer } from "@modelcontextprotocol/server";
import type { ToolCaller } from "@/lib/tools";
import { registerTasks, taskOwnerOf } from "./job-tasks";
import { TASKS_EXTENSION, type McpMessage } from "./mcp-message";
import { registerStoreTools } from "./register-store-tools";
import { registerStorePrompts } from "./store-prompts";
import { registerStoreResources } from "./store-resources";

/**
 * Everything the MCP server offers one caller: the tools, the resources (with the report card
 * app), the prompts and the tasks of analyze_store and analyze_batch. Tasks are declared in the
 * revision the message speaks only (lib/mcp/job-tasks.ts): 2025-11-25's `tasks` capability
 * (tasks/get, tasks/result, tasks/cancel; task-augmented tools/call), 2026-07-28's Tasks extension.
 */
export function registerStoreServer(server: McpServer, caller: ToolCaller, requestId: string, message: McpMessage): void {
  // Only an account can own a task (taskOwnerOf); any other caller is offered none, so its
  // client never asks for one and reads analyze_store's answer (or the price) as before.
  const offersTasks = taskOwnerOf(caller.principal) !== null;
  if (offersTasks) {
    server.server.registerCapabilities(
      message.era === "legacy" ? { tasks: { cancel: {}, requests: { tools: { call: {} } } } } : { extensions: { [TASKS_EXTENSION]: {} } },
    );
  }
  registerStoreTools(server, caller, requestId, { ...message, acceptsTask: message.acceptsTask && offersTasks }, offersTasks);
  registerStoreResources(server, caller);
  registerStorePrompts(server);
  if (offersTasks) registerTasks(server, caller.principal, message.era);
}
