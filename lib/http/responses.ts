import { isDatabaseUnavailable } from "@/db/unavailable";
import { logger } from "@/lib/log";
import { ApiError } from "./errors";

/** Seconds a caller is told to wait while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

/** The 503 of a request that found the database away: nothing was done, try again shortly. */
export function databaseUnavailable(): ApiError {
  return new ApiError("database_unavailable", "The database is not reachable right now; try again shortly", {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}

export function created(data: unknown): Response {
  return json(data, 201);
}

/** Maps anything thrown below a route to the error body of docs/decisions.md §7. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) {
    return Response.json(error.toBody(), { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug to investigate: one short line, and the caller knows to come back.
    logger.warn("database unavailable", { requestId, code: codeOf(error) });

    return errorResponse(databaseUnavailable(), requestId);
  }

  // Details stay in the log; the caller gets a request id to quote.
  logger.error("unhandled error in route", { requestId, error });

  return Response.json({ error: "Internal server error", code: "internal_error", request_id: requestId }, { status: 500 });
}

function codeOf(error: unknown): unknown {
  const { code, cause } = error as { code?: unknown; cause?: unknown };

  return code ?? (cause ? codeOf(cause) : undefined);
}
