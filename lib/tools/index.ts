import type { StoreTool } from "./define-tool";
import { listAlertsTool, markAlertsReadTool } from "./alert-tools";
import { analyzeBatchTool, getBatchTool } from "./batch-tools";
import { getAppTool, getStoreTool, getThemeTool, listAppsTool, searchStoresTool } from "./directory-tools";
import { getStoreTimelineTool } from "./history-tools";
import { getListChangesTool, getListTool, listListsTool } from "./list-tools";
import { analyzeStoreTool, getChangelogTool, getJobStatusTool, getReportTool } from "./report-tools";
import {
  compareSnapshotsTool,
  getStoreAnalyticsTool,
  getStoreInventoryTool,
  listCatalogEventsTool,
  listTrackedStoresTool,
} from "./tracking-tools";

export { defineTool, describeTool, userOf, type StoreTool, type ToolCaller, type ToolHints } from "./define-tool";
export { authorizeTool, runTool } from "./run-tool";
export * from "./alert-tools";
export * from "./batch-tools";
export * from "./directory-tools";
export * from "./history-tools";
export * from "./list-tools";
export * from "./report-tools";
export * from "./tracking-tools";

/** Every tool, in the order an MCP client lists them. */
export const STORE_TOOLS: readonly StoreTool[] = [
  searchStoresTool,
  getStoreTool,
  getStoreTimelineTool,
  getReportTool,
  getChangelogTool,
  listAppsTool,
  getAppTool,
  getThemeTool,
  analyzeStoreTool,
  getJobStatusTool,
  analyzeBatchTool,
  getBatchTool,
  listTrackedStoresTool,
  getStoreInventoryTool,
  getStoreAnalyticsTool,
  compareSnapshotsTool,
  listCatalogEventsTool,
  listAlertsTool,
  markAlertsReadTool,
  listListsTool,
  getListTool,
  getListChangesTool,
] as StoreTool[];
