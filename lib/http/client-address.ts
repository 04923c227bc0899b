import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { parseIPv6, stripBrackets, stripZone } from "./ip-literal";

/**
 * The address the client connected from. Without TRUST_PROXY it is the socket's: whatever a
 * client wrote in X-Forwarded-For is discarded. Behind a trusted reverse proxy it is the
 * last entry, the address that proxy saw and appended; the entries before it came from the
 * client and could be anything.
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return req.socket.remoteAddress;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

  return forwarded.at(-1) ?? req.socket.remoteAddress;
}

/**
 * What every per-address limit counts on (cooldown, auth throttles, anonymous chat, progress
 * connections): an IPv4 address as it is, an IPv6 address as the /64 it belongs to
 * (`2001:db8:0:7::/64`). One host is routinely given a whole /64, so keyed on the full
 * address it would have 2^64 budgets. An IPv4-mapped address (`::ffff:198.51.100.7`, what a
 * dual-stack socket reports for an IPv4 client) is that IPv4 address. Anything that is not an
 * address ("unknown") stays as it is.
 */
export function addressLimitKey(address: string): string {
  const bare = stripZone(stripBrackets(address.trim()));
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return address;

  const bytes = parseIPv6(bare);
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  const prefix = groups.slice(0, 4);
  // The interface half is all zeros, so the longest run of zero groups (RFC 5952's `::`) always ends the prefix.
  while (prefix.at(-1) === 0) prefix.pop();

  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}

/** The limit key of a request the custom server handles itself (the WebSocket upgrade, answers kept in memory). */
export function clientLimitKey(req: IncomingMessage, trustProxy: boolean): string {
  return addressLimitKey(clientAddress(req, trustProxy) ?? "unknown");
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
 * The limit key as a route handler or server action sees it: that of the one address the
 * custom server left in X-Forwarded-For (setClientAddress). Without one (the socket was gone),
 * every such request shares "unknown" rather than trusting another header the client wrote.
 */
export function requestLimitKey(headers: Headers): string {
  return addressLimitKey(headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown");
}
