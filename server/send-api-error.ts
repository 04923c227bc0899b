import type { ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { endSocketWithError } from "@/lib/http/end-socket-with-error";
import { ApiError } from "@/lib/http/errors";

/** An error the server answers itself, before Next: the error body of docs/decisions.md §7 (none for HEAD). */
export function sendApiError(res: ServerResponse, error: ApiError, method: string | undefined): void {
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    ...error.headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(method === "HEAD" ? undefined : body);
}

/** Node's own answers to a request it could not parse, as error bodies (its default sends none). */
function clientErrorAsApiError(code: string | undefined): ApiError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return new ApiError("headers_too_large", "Request headers are too large");
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new ApiError("payload_too_large", "Chunk extensions are too large");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError("request_timeout", "The request did not arrive in time");
    default:
      return new ApiError("invalid_request", "Malformed HTTP request");
  }
}

type ClientSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * The server's `clientError` listener: what Node does by default (answer, then close), with
 * the error body. Nothing is written once a response on this connection has begun, which
 * would corrupt it; a reset connection has no one to answer.
 */
export function answerClientError(error: Error & { code?: string }, socket: ClientSocket): void {
  if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();

    return;
  }
  // Once written, closed for good, as Node's default does: no half-open socket left to hold.
  endSocketWithError(socket, clientErrorAsApiError(error.code), { "Cache-Control": "no-store" });
}
