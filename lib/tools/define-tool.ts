import type { z } from "zod";
import type { AccessName } from "@/lib/auth/access";
import type { Principal } from "@/lib/auth/principal";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { ApiError } from "@/lib/http/errors";

/** Who calls a tool: the same principal an HTTP request resolves to (lib/auth/principal.ts). */
export type ToolCaller = { principal: Principal };

/**
 * One read (or the one write: analyze) over store data, served alike by the MCP server and,
 * bound to a store, by the chat. `run` is the same domain call the HTTP endpoint makes, so
 * the three answer the same figures; `access` names the HTTP endpoint's row of the access
 * matrix (lib/auth/access.ts), so they admit the same callers.
 */
export type StoreTool<S extends z.ZodType = z.ZodType, O = unknown> = {
  name: string;
  title: string;
  description: string;
  input: S;
  access: AccessName;
  /** The HTTP endpoint answering the same figures, for the docs. */
  endpoint: string;
  readOnly: boolean;
  run: (input: z.output<S>, caller: ToolCaller) => Promise<O>;
};

/** Typed once here so each tool's `run` sees its own input shape. */
export function defineTool<S extends z.ZodType, O>(tool: StoreTool<S, O>): StoreTool<S, O> {
  return tool;
}

/** The signed-in user behind a caller; the tool's access rule has already refused the others. */
export function userOf(caller: ToolCaller): PrincipalUser {
  const { principal } = caller;
  if (principal.kind === "anonymous" || principal.kind === "x402") throw new ApiError("unauthorized", "Authentication required");

  return principal.user;
}
