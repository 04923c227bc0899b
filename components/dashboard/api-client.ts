import type { z } from "zod";

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

/** Same-origin JSON call with the session cookie, parsed with the API's own schema. */
export async function callApi<T extends z.ZodType>(
  schema: T | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<z.output<T>> {
  const response = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "include",
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const body = (data ?? {}) as { error?: string; code?: string };
    throw new ApiRequestError(body.error ?? `Request failed (${response.status})`, response.status, body.code, data);
  }

  return (schema ? schema.parse(data) : data) as z.output<T>;
}
