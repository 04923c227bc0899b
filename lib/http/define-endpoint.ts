import type { z } from "zod";

// An endpoint of the API, declared once beside its domain's schemas (lib/<domain>/endpoints.ts):
// the route file serves it (route() in lib/endpoints/route.ts), the OpenAPI document describes
// it, the access matrix test and the server's 405 table walk it (lib/endpoints/registry.ts),
// and a tool that fronts it takes its access rule and its text (lib/tools). It lives here, on
// the floor, so every domain can declare its endpoints without importing the roof.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Response headers an answer may name; lib/endpoints/openapi.ts describes each one. */
export type ResponseHeaderName =
  "Retry-After" | "ETag" | "Cache-Control" | "Content-Disposition" | "PAYMENT-REQUIRED" | "PAYMENT-RESPONSE" | "X-PAYMENT-RESPONSE";

/**
 * Request headers an endpoint reads besides credentials: a paying caller's x402 proofs
 * (docs/decisions.md §8.5), Stripe's signature of a webhook's raw body.
 */
export type RequestHeaderName = "PAYMENT-SIGNATURE" | "X-PAYMENT" | "Stripe-Signature";

/** The OpenAPI document's tags (its top-level list describes each one, lib/endpoints/openapi.ts). */
export type ApiTag =
  | "system"
  | "account"
  | "jobs"
  | "batches"
  | "reports"
  | "directory"
  | "billing"
  | "admin"
  | "chat"
  | "blog"
  | "tracking"
  | "lists"
  | "mcp";

/** A body that is not JSON (streams, downloads, the OpenAPI document), described by media type. */
export type RawContent = Readonly<Record<string, { schema: Readonly<Record<string, unknown>> }>>;

/**
 * One documented answer. A 2xx or 3xx describes its body (none: a 304); an error without a
 * schema has its status's usual body (Error; RateLimited on 429; PaymentRequired on 402), and
 * `"error"` says just that.
 */
export type Answer = {
  /** The JSON body: one schema, or several (oneOf). */
  schema?: z.ZodType | readonly z.ZodType[];
  /** Bodies in other media types (or beside the JSON one). */
  content?: RawContent;
  /** Defaults to the endpoint's summary (2xx, 3xx) or the status's usual text (errors). */
  description?: string;
  headers?: readonly ResponseHeaderName[];
};

export type Endpoint<A extends string = string> = {
  method: HttpMethod;
  /** Express-style parameters: `/api/jobs/:id`; the route file is `app/api/jobs/[id]/route.ts`. */
  path: `/api/${string}`;
  /** The row of the access matrix (ACCESS in lib/auth/access.ts) that admits callers. */
  access: A;
  /** Stable camelCase name generated clients call the operation by; never renamed silently. */
  operationId: string;
  /** What the endpoint answers, in a line; a tool fronting it starts its description with it. */
  summary: string;
  /** What a caller of the HTTP endpoint also needs to know (statuses, caching, headers). */
  description?: string;
  tag: ApiTag;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A body field that may also come as the whole request body in plain text: a `text/csv` or
   * `text/plain` request is parsed as `{ [textBody]: <the text> }` (a pasted or uploaded list).
   */
  textBody?: string;
  /**
   * A body the handler reads itself (no `body` schema: a signature is checked on its raw
   * bytes first), described by media type.
   */
  rawBody?: RawContent;
  requestHeaders?: readonly RequestHeaderName[];
  /**
   * By status. Besides these, every answer documents the access rule's refusals (401, 402,
   * 403), 503, and 429 unless `ipCooldown` is false.
   */
  answers: Readonly<Record<number, Answer | "error">>;
  /** `false`: neither counted toward nor refused by the IP cooldown (load-balancer probes). */
  ipCooldown?: false;
};

/** Declares an endpoint, its literal types kept so its route handler sees its own params, query and body. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}
