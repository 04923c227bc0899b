import type { IncomingMessage } from "node:http";

/**
 * The address per-IP limits key on. Without TRUST_PROXY it is the socket's: whatever a
 * client wrote in X-Forwarded-For is discarded. Behind a trusted reverse proxy it is the
 * last entry, the address that proxy saw and appended; the entries before it came from the
 * client and could be anything.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return req.socket.remoteAddress;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

  return forwarded.at(-1) ?? req.socket.remoteAddress;
}

/**
 * Leaves exactly one address in X-Forwarded-For, the client address above, so that route
 * handlers (which only see a Request) read the same one the WebSocket upgrade keys on.
 */
export function setClientAddress(req: IncomingMessage, trustProxy: boolean): void {
  const address = clientAddress(req, trustProxy);
  if (address) req.headers["x-forwarded-for"] = address;
  // A socket already gone has no address; what the client wrote must still not count.
  else delete req.headers["x-forwarded-for"];
}

/**
 * The client address as a route handler or server action sees it: the one address the
 * custom server left in X-Forwarded-For (setClientAddress). Without one (the socket was gone),
 * every such request shares "unknown" rather than trusting another header the client wrote.
 */
export function requestClientAddress(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
