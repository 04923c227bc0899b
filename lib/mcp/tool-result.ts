import type { CallToolResult } from "@modelcontextprotocol/server";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { ApiError } from "@/lib/http/errors";
import { databaseUnavailable } from "@/lib/http/responses";
import { logger } from "@/lib/log";

/**
 * A tool's answer as MCP content: the same JSON the HTTP endpoint answers, as structured content
 * (checked against the tool's outputSchema) and as text for clients that read only text. The
 * structured content is the text parsed back, so the two are the same JSON to the byte and the
 * check sees what the wire carries (dates as strings, no undefined fields), as HTTP's body.
 */
export function toolResult(value: unknown): CallToolResult {
  const text = JSON.stringify(value);

  return { content: [{ type: "text", text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
}

/**
 * A refused or failed call as a tool error the agent can read and act on: the HTTP error body
 * (`{ error, code, ...extra }`, e.g. payment_required with its `accepts`) and its status, never
 * a transport failure. An unexpected error is logged and answered as internal_error.
 */
export function toolError(error: unknown, requestId: string): CallToolResult {
  let known = error instanceof ApiError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
  if (!known) {
    logger.error("unhandled error in MCP tool", { requestId, error });
    known = new ApiError("internal_error", "Internal server error", { extra: { request_id: requestId } });
  }
  const body = { ...known.toBody(), status: known.status };

  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
}
