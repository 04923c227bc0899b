/** Calls the real route handlers of the tracking API as a browser or a script would. */
import { sessionCookieHeader } from "@/testing/auth/fixtures";
import { loadRouteHandler } from "@/testing/auth/route-handlers";
import { documentedAnswerErrors } from "@/testing/openapi-answers";

export type Caller = { cookie?: string; apiKey?: string };

function headersOf(caller: Caller): Record<string, string> {
  if (caller.cookie) return sessionCookieHeader(caller.cookie);
  if (caller.apiKey) return { "x-api-key": caller.apiKey };

  return {};
}

/**
 * `path` is the endpoint pattern (":slug"…); `values` fills it; `query` is appended.
 * Returns the status and the parsed body.
 */
export async function callApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  caller: Caller,
  { values = {}, query = "", body }: { values?: Record<string, string>; query?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const handler = await loadRouteHandler(method, path);
  const url = path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? ""));
  const response = await handler(
    new Request(`http://localhost:3000${url}${query}`, {
      method,
      headers: { ...headersOf(caller), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
    { params: Promise.resolve(values) },
  );
  const text = await response.text();

  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export const STORE_DETAIL_ENDPOINTS = [
  "/api/store-detail/:slug/analytics",
  "/api/store-detail/:slug/inventory",
  "/api/store-detail/:slug/inventory/events",
  "/api/store-detail/:slug/inventory/product/:shopifyId",
  "/api/store-detail/:slug/compare",
  "/api/store-detail/:slug/catalog-events",
] as const;

/**
 * `callApi`, refusing an answer the OpenAPI document does not describe (its status, or a field of
 * its body the document lacks): what a client reading the document would be surprised by.
 */
export async function callDocumentedApi<T = Record<string, unknown>>(
  ...args: Parameters<typeof callApi>
): Promise<{ status: number; body: T }> {
  const [method, path] = args;
  const answer = await callApi<T>(...args);
  const errors = documentedAnswerErrors(method, path.replace(/:([A-Za-z0-9_]+)/g, "{$1}"), answer.status, answer.body);
  if (errors.length > 0) throw new Error(errors.join("\n"));

  return answer;
}
