import { z } from "zod";
import type { AccessName } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";
import type { Settled } from "@/lib/billing/x402/settlement";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import type { Endpoint } from "@/lib/http/define-endpoint";
import { ApiError } from "@/lib/http/errors";

/**
 * Who calls a tool: the same principal an HTTP request resolves to (lib/auth/principal.ts).
 * `settled` receives a paid job's x402 settlement, which POST /api/jobs answers in its headers,
 * for the door that hands it over its own way: MCP's result `_meta` (lib/mcp/tool-payment.ts).
 */
export type ToolCaller = { principal: Principal; settled?: (settlement: Settled) => void };

/**
 * What a call does to the world, as MCP's tool annotations say it: an agent's host decides by
 * them whether to ask the user first, so each must be true of the tool.
 */
export type ToolHints = {
  /** Changes nothing anywhere. */
  readOnlyHint: boolean;
  /** A second identical call changes nothing the first did not. */
  idempotentHint: boolean;
  /** May delete or overwrite what someone relies on (meaningful when not read-only). */
  destructiveHint: boolean;
  /** Reaches beyond our own database (a store on the internet). */
  openWorldHint: boolean;
};

/** A read over our own database: the hints of every tool fronting a GET. */
const READ_HINTS: ToolHints = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };

/** What a tool's definition says; the rest comes from the endpoint it fronts. */
export type ToolDefinition<S extends z.ZodType, O> = {
  name: string;
  title: string;
  /** The HTTP endpoint answering the same figures (its declaration, lib/<domain>/endpoints.ts). */
  endpoint: Endpoint<AccessName>;
  /** What the tool's caller needs besides the endpoint's summary: its arguments, what to call next. */
  note?: string;
  input: S;
  /**
   * What `run` returns, when it is not the endpoint's success answer (a page of it, an envelope):
   * built from the endpoint's schemas (pick, extend), never a second copy of the shape.
   */
  output?: z.ZodObject;
  /** Required of a tool fronting anything but a GET (which reads our database: READ_HINTS). */
  hints?: ToolHints;
  run: (input: z.output<S>, caller: ToolCaller) => Promise<O>;
};

/**
 * One read (or one of two writes: analyze, mark alerts read) over store data, served alike by the MCP server and,
 * bound to a store, by the chat. `run` is the same domain call the HTTP endpoint makes, so
 * the three answer the same figures; the access rule and the description are the endpoint's
 * (its declaration), so they admit the same callers and say the same thing.
 */
export type StoreTool<S extends z.ZodType = z.ZodType, O = unknown> = ToolDefinition<S, O> & {
  description: string;
  access: AccessName;
  /** The schema of what `run` returns: MCP's outputSchema, and what its structured content validates against. */
  output: z.ZodObject;
  hints: ToolHints;
};

/** A tool's description: the summary of the endpoint it fronts, then what the tool adds. */
export function describeTool(endpoint: Endpoint, note?: string): string {
  const summary = /[.!?]$/.test(endpoint.summary) ? endpoint.summary : `${endpoint.summary}.`;

  return note ? `${summary} ${note}` : summary;
}

/**
 * The endpoint's success answer (its one 2xx schema): the shape OpenAPI documents, and the one
 * a tool fronting it returns. MCP wants an object there; every endpoint a tool fronts answers one.
 */
export function successSchemaOf(endpoint: Endpoint): z.ZodObject {
  const success = Object.entries(endpoint.answers).find(([status]) => Number(status) >= 200 && Number(status) < 300)?.[1];
  const schema = success === undefined || success === "error" ? undefined : success.schema;
  if (!(schema instanceof z.ZodObject)) throw new Error(`${endpoint.operationId} answers no single JSON object a tool could return`);

  return schema;
}

/** Typed once here so each tool's `run` sees its own input shape; the endpoint gives its rule, its text and its answer. */
export function defineTool<S extends z.ZodType, O>(tool: ToolDefinition<S, O>): StoreTool<S, O> {
  const hints = tool.hints ?? (tool.endpoint.method === "GET" ? READ_HINTS : undefined);
  if (!hints) throw new Error(`${tool.name} fronts ${tool.endpoint.method} ${tool.endpoint.path}: declare its hints`);

  return {
    ...tool,
    description: describeTool(tool.endpoint, tool.note),
    access: tool.endpoint.access,
    output: tool.output ?? successSchemaOf(tool.endpoint),
    hints,
  };
}

/** The signed-in user behind a caller; the tool's access rule has already refused the others. */
export function userOf(caller: ToolCaller): PrincipalUser {
  const { principal } = caller;
  if (principal.kind === "anonymous" || principal.kind === "x402") throw new ApiError("unauthorized", "Authentication required");

  return principal.user;
}
