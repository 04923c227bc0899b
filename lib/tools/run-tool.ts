import type { z } from "zod";
import { accessRefusal, type AccessName } from "@/lib/auth/access";
import { paymentRequired } from "@/lib/billing/x402/requirements";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { findUnstorableText, unstorableTextError } from "@/lib/http/storable-text";
import type { StoreTool, ToolCaller } from "./define-tool";

/** Refuses a caller the tool's access rule refuses, exactly as the route wrapper would. */
export function authorizeTool(tool: StoreTool, caller: ToolCaller, access: AccessName = tool.access): void {
  const refusal = accessRefusal(caller.principal.kind, access);
  if (refusal?.code === "payment_required") throw paymentRequired();
  if (refusal) throw new ApiError(refusal.code, refusal.message);
}

/**
 * Runs one tool for one caller: access first, then its input, refused if it holds text no
 * request could carry (NUL, a lone surrogate), through the tool's schema (an
 * argument the schema does not know is refused), then the domain call. Errors are ApiError,
 * the same codes and bodies the HTTP endpoint answers. `access` is the row of the endpoint the
 * call arrives through when that is not the tool's own: the chat (account row) answers about the
 * caller's own tracked store under its own scope rules (lib/chat/chat-scope.ts).
 */
export async function runTool<S extends z.ZodType, O>(
  tool: StoreTool<S, O>,
  input: unknown,
  caller: ToolCaller,
  access: AccessName = tool.access,
): Promise<O> {
  authorizeTool(tool as StoreTool, caller, access);
  // Arguments a model or an MCP client wrote are text input like a request body's (lib/http/storable-text.ts).
  const unstorable = findUnstorableText(input, "body");
  if (unstorable) throw unstorableTextError(unstorable);
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error, "body");

  return tool.run(parsed.data, caller);
}
