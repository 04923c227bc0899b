import { z } from "zod";
import type { Endpoint } from "@/lib/http/define-endpoint";
import { ACCESS, accessRefusal, type AccessName, type AccessRule, type AllowsNoUser } from "@/lib/auth/access";
import { resolvePrincipal, type Principal } from "@/lib/auth/principal";
import { requestLimitKey } from "@/lib/http/client-address";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { getEnv } from "@/lib/env";
import { enforceIpCooldown } from "@/lib/limits/ip-cooldown";
import { ApiError, invalidRequest } from "@/lib/http/errors";
import { readCappedBody } from "@/lib/http/read-capped-body";
import {
  findUnstorableParam,
  findUnstorableQuery,
  findUnstorableText,
  unstorableTextError,
  type TextIssue,
} from "@/lib/http/storable-text";
import { newRequestId } from "@/lib/http/request-id";
import { errorResponse } from "@/lib/http/responses";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

type Parsed<E extends Endpoint, K extends "params" | "query" | "body"> = E[K] extends z.ZodType ? z.output<E[K]> : undefined;

export type HandlerContext<E extends Endpoint<AccessName>> = {
  req: Request;
  principal: Principal;
  /** The signed-in user; null only under rules that admit anonymous or paying callers. */
  user: AllowsNoUser<E["access"]> extends true ? PrincipalUser | null : PrincipalUser;
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  body: Parsed<E, "body">;
  requestId: string;
};

type SuccessStatus = 200 | 201 | 202 | 203 | 204;
type BodyOf<A> = A extends { schema: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : S extends readonly (infer T extends z.ZodType)[]
      ? z.output<T>
      : never
  : unknown;
/** What a handler may return for a 2xx answer: its declared JSON body (a Response for any other). */
export type SuccessBody<E extends Endpoint> = BodyOf<E["answers"][keyof E["answers"] & SuccessStatus]>;

export type RouteHandler = (req: Request, context: RouteContext) => Promise<Response>;

const MAX_JSON_BODY_BYTES = 1_000_000;
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function authorize(principal: Principal, access: AccessName, req: Request): Promise<void> {
  const refusal = accessRefusal(principal.kind, access);
  // Loaded on the first 402 only: the x402 packages (viem and its chain tables) cost tens of MB a
  // server without paying callers never needs.
  if (refusal?.code === "payment_required") throw (await import("@/lib/billing/x402/requirements")).paymentRequired();
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

const TEXT_BODY_TYPES = ["text/csv", "text/plain"];

/** The JSON body, or, where the endpoint takes one field as plain text, a text body as that field. */
async function readBody(req: Request, textField: string | undefined): Promise<unknown> {
  const mediaType = (req.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (!textField || !TEXT_BODY_TYPES.includes(mediaType)) return readJsonBody(req);
  const text = await readCappedBody(req, MAX_JSON_BODY_BYTES, { strictUtf8: true });
  const body = { [textField]: text };
  refuseUnstorable(findUnstorableText(body, "body"));

  return body;
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

const declarations = new WeakMap<RouteHandler, Endpoint<AccessName>>();

/** The declaration a route handler was made from; undefined for a handler route() did not make. */
export function endpointOf(handler: unknown): Endpoint<AccessName> | undefined {
  return typeof handler === "function" ? declarations.get(handler as RouteHandler) : undefined;
}

/**
 * The one wrapper of every route handler, made from the endpoint's declaration
 * (lib/<domain>/endpoints.ts): resolves credentials, applies the declared access rule, parses
 * params/query/body with the declared zod schemas, and maps every error to the error body.
 */
export function route<E extends Endpoint<AccessName>>(
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<Response | SuccessBody<E>>,
): RouteHandler {
  const wrapped: RouteHandler = async (req, context) => {
    const requestId = newRequestId();
    try {
      if (endpoint.ipCooldown !== false) await enforceIpCooldown(requestLimitKey(req.headers));
      const principal = paymentWhereTaken(await resolvePrincipal(req), endpoint.access);
      await authorize(principal, endpoint.access, req);

      const rawParams = (await context?.params) ?? {};
      const url = new URL(req.url);
      // Whether or not the route declares a schema for them: a handler reading the request itself gets the same guarantee.
      refuseUnstorable(findUnstorableParam(rawParams) ?? findUnstorableQuery(url.search));
      const params = endpoint.params ? parseWith(endpoint.params, rawParams, "params") : undefined;
      const query = endpoint.query ? parseWith(endpoint.query, Object.fromEntries(url.searchParams), "query") : undefined;
      const body = endpoint.body ? parseWith(endpoint.body, await readBody(req, endpoint.textBody), "body") : undefined;
      const user = principal.kind === "anonymous" || principal.kind === "x402" ? null : principal.user;

      const ctx = { req, principal, user, params, query, body, requestId } as HandlerContext<E>;

      return toResponse(await handler(ctx));
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
  declarations.set(wrapped, endpoint);

  return wrapped;
}
