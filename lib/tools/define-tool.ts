import type { z } from "zod";
import type { AccessName } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import type { Endpoint } from "@/lib/http/define-endpoint";
import { ApiError } from "@/lib/http/errors";

/** Who calls a tool: the same principal an HTTP request resolves to (lib/auth/principal.ts). */
export type ToolCaller = { principal: Principal };

/** What a tool's definition says; the rest comes from the endpoint it fronts. */
export type ToolDefinition<S extends z.ZodType, O> = {
  name: string;
  title: string;
  /** The HTTP endpoint answering the same figures (its declaration, lib/<domain>/endpoints.ts). */
  endpoint: Endpoint<AccessName>;
  /** What the tool's caller needs besides the endpoint's summary: its arguments, what to call next. */
  note?: string;
  input: S;
  run: (input: z.output<S>, caller: ToolCaller) => Promise<O>;
};

/**
 * One read (or the one write: analyze) over store data, served alike by the MCP server and,
 * bound to a store, by the chat. `run` is the same domain call the HTTP endpoint makes, so
 * the three answer the same figures; the access rule and the description are the endpoint's
 * (its declaration), so they admit the same callers and say the same thing.
 */
export type StoreTool<S extends z.ZodType = z.ZodType, O = unknown> = ToolDefinition<S, O> & {
  description: string;
  access: AccessName;
  readOnly: boolean;
};

/** A tool's description: the summary of the endpoint it fronts, then what the tool adds. */
export function describeTool(endpoint: Endpoint, note?: string): string {
  const summary = /[.!?]$/.test(endpoint.summary) ? endpoint.summary : `${endpoint.summary}.`;

  return note ? `${summary} ${note}` : summary;
}

/** Typed once here so each tool's `run` sees its own input shape; the endpoint gives its rule and its text. */
export function defineTool<S extends z.ZodType, O>(tool: ToolDefinition<S, O>): StoreTool<S, O> {
  return {
    ...tool,
    description: describeTool(tool.endpoint, tool.note),
    access: tool.endpoint.access,
    readOnly: tool.endpoint.method === "GET",
  };
}

/** The signed-in user behind a caller; the tool's access rule has already refused the others. */
export function userOf(caller: ToolCaller): PrincipalUser {
  const { principal } = caller;
  if (principal.kind === "anonymous" || principal.kind === "x402") throw new ApiError("unauthorized", "Authentication required");

  return principal.user;
}
