import { z } from "zod";

/** Machine codes of every error StoreLens answers, with their HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  payment_required: 402,
  /** The Free plan's monthly jobs are used up (body: limit, used, resets_at, upgrade_url). */
  plan_limit_reached: 402,
  forbidden: 403,
  /** The account must confirm its e-mail first (REQUIRE_EMAIL_VERIFICATION). */
  email_unverified: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** The request did not arrive whole in time (answered by the server, before any route). */
  request_timeout: 408,
  conflict: 409,
  /** A completed report an operator purged (`npm run report:purge`): its content is gone for good. */
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  /** The request's headers are over the server's limit (answered before any route). */
  headers_too_large: 431,
  internal_error: 500,
  not_implemented: 501,
  model_error: 502,
  unavailable: 503,
  /** The database cannot be reached right now (with Retry-After); nothing was done. */
  database_unavailable: 503,
  /** The disk under the embedded database is nearly full: no new jobs until space is freed. */
  storage_low: 503,
  /** No free slug was found for a new store's page (a bounded search that in practice always ends); nothing was written. */
  slug_unavailable: 503,
  chat_not_configured: 503,
  model_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error answer: `{ error, code, … }`; a 400 adds `issues`, some codes add their own fields. */
export const errorBodySchema = z.looseObject({
  error: z.string().describe("Human-readable message"),
  code: z.string().describe("Machine code, e.g. invalid_request, not_found, unauthorized"),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe("400 invalid_request: each bad field, as body.field, query.field or params.field"),
});
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The one error type of the API. Thrown anywhere below a route; the route wrapper turns it
 * into `{ error, code, ...extra }` with the status of its code (docs/decisions.md §7).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): ApiErrorBody {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export type ValidationIssue = NonNullable<ApiErrorBody["issues"]>[number];

/** A failed schema parse as the contract's 400, naming each bad field. */
export function invalidRequest(error: z.ZodError, where: "body" | "query" | "params"): ApiError {
  const issues: ValidationIssue[] = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const first = issues[0];
  const message = first ? `Invalid ${first.path}: ${first.message}` : `Invalid ${where}`;

  return new ApiError("invalid_request", message, { extra: { issues } });
}

export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);

/** A method the endpoint does not serve; `Allow` names those it does (RFC 9110 §15.5.6). */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError("method_not_allowed", `${method} is not allowed on this endpoint`, {
    headers: { allow: allowed.join(", ") },
  });

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === "not_found";
