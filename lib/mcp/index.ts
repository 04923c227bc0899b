export { handleMcpRequest, MAX_MCP_BODY_BYTES } from "./handle-mcp-request";
