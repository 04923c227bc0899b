import type { IncomingMessage } from "node:http";

/**
 * Leaves exactly one address in X-Forwarded-For — the one per-IP limits (anonymous chat)
 * key on. Without TRUST_PROXY it is the socket's: whatever a client wrote is discarded.
 * Behind a trusted reverse proxy it is the last entry, the address that proxy saw and
 * appended; the entries before it came from the client and could be anything.
 */
export function setClientAddress(req: IncomingMessage, trustProxy: boolean): void {
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = trustProxy && forwarded.length > 0 ? forwarded.at(-1) : req.socket.remoteAddress;
  if (address) req.headers["x-forwarded-for"] = address;
}
