import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ApiError } from "./errors";

/**
 * Answers on a raw socket, where no ServerResponse exists (a refused WebSocket upgrade, a
 * request Node could not parse): the status line, `headers`, the error body; then the socket
 * is closed for good, so nothing half-open is left to hold.
 */
export function endSocketWithError(socket: Duplex, error: ApiError, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(error.toBody());
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? "Error"}\r\nConnection: close\r\nContent-Type: application/json\r\n${extra.join("")}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
