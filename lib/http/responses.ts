import { logger } from "@/lib/log";
import { ApiError } from "./errors";

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}

export function created(data: unknown): Response {
  return json(data, 201);
}

/** Maps anything thrown below a route to the error body of DESIGN.md §7. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof ApiError) {
    return Response.json(error.toBody(), { status: error.status, headers: error.headers });
  }

  // Details stay in the log; the caller gets a request id to quote.
  logger.error("unhandled error in route", { requestId, error });

  return Response.json(
    { error: "Internal server error", code: "internal_error", request_id: requestId },
    { status: 500 },
  );
}
