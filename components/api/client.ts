import type { z } from "zod";
import type { Endpoint } from "@/lib/http/define-endpoint";

// The browser's one client of our API. Each call names the endpoint's declaration
// (lib/<domain>/endpoints.ts), so its path, method, parameters, body and answer are typed and
// parsed by the same zod schemas that validate the request and feed the OpenAPI document:
// nothing about a request or an answer is written a second time here.

/** Thrown for a non-2xx answer; carries the API's `{ error, code, … }` body for describeRefusal. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

type SuccessStatus = 200 | 201 | 202 | 204;
type Answers<E extends Endpoint> = E["answers"];

/** What a successful call resolves to: the output of the schema its 2xx answers declare (null for none). */
export type EndpointAnswer<E extends Endpoint> = {
  [S in keyof Answers<E> & SuccessStatus]: Answers<E>[S] extends { schema: infer T extends z.ZodType } ? z.output<T> : null;
}[keyof Answers<E> & SuccessStatus];

/** What a call sends: the declaration's params, query and body, each only when it declares one. */
export type EndpointRequest<E extends Endpoint> = (E extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: never }) &
  (E extends { query: infer Q extends z.ZodType } ? { query?: Partial<z.input<Q>> } : { query?: never }) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never });

type RequestArgs<E extends Endpoint> = E extends { params: z.ZodType } | { body: z.ZodType }
  ? [request: EndpointRequest<E>]
  : [request?: EndpointRequest<E>];

/** The URL of a call: `:name` segments filled in (encoded), then the query's set values in order. */
export function endpointUrl(path: string, params: object = {}, query: object = {}): string {
  const values = params as Record<string, unknown>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== "")
      .map(([key, value]) => [key, String(value)]),
  ).toString();

  return search ? `${filled}?${search}` : filled;
}

/** Same-origin JSON call with the session cookie; the answer parsed with the schema its status declares. */
export async function callEndpoint<E extends Endpoint>(endpoint: E, ...[request]: RequestArgs<E>): Promise<EndpointAnswer<E>> {
  const { params, query, body } = (request ?? {}) as { params?: object; query?: object; body?: unknown };
  const response = await fetch(endpointUrl(endpoint.path, params, query), {
    method: endpoint.method,
    credentials: "include",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = (data ?? {}) as { error?: string; code?: string };
    throw new ApiRequestError(refusal.error ?? `Request failed (${response.status})`, response.status, refusal.code, data);
  }
  const answer = endpoint.answers[response.status];
  const schema = answer && answer !== "error" && answer.schema && !Array.isArray(answer.schema) ? (answer.schema as z.ZodType) : null;

  return (schema ? schema.parse(data) : data) as EndpointAnswer<E>;
}
