import { z } from "zod";
import { ACCESS, accessRefusal, type AccessName, type AccessRule, type AllowsNoUser } from "@/lib/auth/access";
import { resolvePrincipal, type Principal } from "@/lib/auth/principal";
import { requestLimitKey } from "@/lib/http/client-address";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { getEnv } from "@/lib/env";
import { enforceIpCooldown } from "@/lib/limits/ip-cooldown";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { readCappedBody } from "@/lib/http/read-capped-body";
import { findUnstorableParam, findUnstorableQuery, findUnstorableText, unstorableTextError, type TextIssue } from "@/lib/http/storable-text";
import { newRequestId } from "@/lib/http/request-id";
import { errorResponse } from "@/lib/http/responses";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

type Schemas = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
};

type Parsed<S extends Schemas, K extends keyof Schemas> = S[K] extends z.ZodType ? z.output<S[K]> : undefined;

export type HandlerContext<A extends AccessName, S extends Schemas> = {
  req: Request;
  principal: Principal;
  /** The signed-in user; null only under rules that admit anonymous or paying callers. */
  user: AllowsNoUser<A> extends true ? PrincipalUser | null : PrincipalUser;
  params: Parsed<S, "params">;
  query: Parsed<S, "query">;
  body: Parsed<S, "body">;
  requestId: string;
};

export type RouteOptions<A extends AccessName, S extends Schemas> = S & {
  access: A;
  /** `false`: neither counted toward nor refused by the IP cooldown (load-balancer probes). */
  ipCooldown?: false;
};

const MAX_JSON_BODY_BYTES = 1_000_000;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function authorize(principal: Principal, access: AccessName, req: Request): Promise<void> {
  const refusal = accessRefusal(principal.kind, access);
  // Loaded on the first 402 only: the x402 packages (viem and its chain tables) cost tens of MB a
  // server without paying callers never needs.
  if (refusal?.code === "payment_required") throw (await import("@/lib/billing/x402-requirements")).paymentRequired();
  if (refusal) throw new ApiError(refusal.code, refusal.message);
  if (principal.kind !== "session") return;
  assertSameOrigin(req);
  const rule: AccessRule = ACCESS[access];
  if (rule.admin && !getEnv().ADMIN_USER_IDS.includes(principal.user.id)) {
    throw new ApiError("forbidden", "Administrators only");
  }
}

/**
 * A payment header is a credential only under a rule that takes payment. Where anyone may call
 * (a public read, the MCP server, chat), the caller is anonymous and the payment is never
 * verified or settled: only POST /api/jobs answers with its receipt (docs/decisions.md §8.5).
 * Under an account rule it stays, so the refusal can say payment is not accepted there.
 */
function paymentWhereTaken(principal: Principal, access: AccessName): Principal {
  const rule: AccessRule = ACCESS[access];

  return principal.kind === "x402" && !rule.x402 && rule.anonymous ? { kind: "anonymous", ip: principal.ip } : principal;
}

/**
 * A state-changing request carried only by the session cookie must come from our own
 * origin: cross-origin callers use an API key (docs/decisions.md §8.1).
 */
function assertSameOrigin(req: Request): void {
  if (!STATE_CHANGING.has(req.method)) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  if (origin !== null) {
    const allowed = new Set([new URL(getEnv().BASE_URL).origin, new URL(req.url).origin]);
    if (allowed.has(origin)) return;
    throw new ApiError("forbidden", "Cross-origin requests must authenticate with an API key");
  }
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new ApiError("forbidden", "Cross-origin requests must authenticate with an API key");
  }
}

async function readJsonBody(req: Request): Promise<unknown> {
  const text = await readCappedBody(req, MAX_JSON_BODY_BYTES, { strictUtf8: true });
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_request", "Request body is not valid JSON", { extra: { issues: [] } });
  }
  refuseUnstorable(findUnstorableText(body, "body"));

  return body;
}

/** Text PostgreSQL cannot store (NUL, lone surrogates, escapes that are not UTF-8) never reaches a schema or a handler. */
function refuseUnstorable(issue: TextIssue | null): void {
  if (issue) throw unstorableTextError(issue);
}

function parseWith<T extends z.ZodType>(schema: T, input: unknown, where: "body" | "query" | "params") {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidRequest(result.error, where);

  return result.data;
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;

  return Response.json(result);
}

/**
 * The one wrapper of every route handler: resolves credentials, applies the access
 * matrix, parses params/query/body with zod, and maps every error to the error body.
 */
export function route<A extends AccessName, S extends Schemas>(
  options: RouteOptions<A, S>,
  handler: (ctx: HandlerContext<A, S>) => Promise<unknown>,
): (req: Request, context: RouteContext) => Promise<Response> {
  return async (req, context) => {
    const requestId = newRequestId();
    try {
      if (options.ipCooldown !== false) await enforceIpCooldown(requestLimitKey(req.headers));
      const principal = paymentWhereTaken(await resolvePrincipal(req), options.access);
      await authorize(principal, options.access, req);

      const rawParams = (await context?.params) ?? {};
      const url = new URL(req.url);
      // Whether or not the route declares a schema for them: a handler reading the request itself gets the same guarantee.
      refuseUnstorable(findUnstorableParam(rawParams) ?? findUnstorableQuery(url.search));
      const params = options.params ? parseWith(options.params, rawParams, "params") : undefined;
      const query = options.query
        ? parseWith(options.query, Object.fromEntries(url.searchParams), "query")
        : undefined;
      const body = options.body ? parseWith(options.body, await readJsonBody(req), "body") : undefined;
      const user = principal.kind === "anonymous" || principal.kind === "x402" ? null : principal.user;

      const ctx = { req, principal, user, params, query, body, requestId } as HandlerContext<A, S>;

      return toResponse(await handler(ctx));
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}
