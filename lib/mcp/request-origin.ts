import type { Principal } from "@/lib/auth/principal";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

// DNS rebinding: a page on evil.example re-points its name at this server (often a local one)
// and calls /api/mcp from the browser, same-origin as far as the browser knows, so CORS never
// steps in. Its requests still say who they think they talk to: Host is the attacker's name, and
// Origin its page. Loopback names are always served: a rebound browser never sends them (it
// sends the name it navigated to), and a proxy on the same machine often forwards them as Host.

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** What a Host header may be: a name or an IP literal, and a port. Nothing else (no user info, no path) is read as a host. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/i;

/** A Host header's name, lower-case, without its port; null when it is no host. */
function hostnameOf(host: string): string | null {
  const match = HOST.exec(host.trim());

  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Refuses (403 forbidden) an MCP request whose Host is not BASE_URL's host name, a loopback name
 * or one of MCP_ALLOWED_HOSTS, or whose Origin, when it has one, is not BASE_URL's origin, a
 * loopback origin or one of MCP_ALLOWED_ORIGINS. Only the name is compared, not the port: a
 * rebound page cannot choose the name. Server-to-server clients send no Origin and pass on Host
 * alone; a caller with an API key (or bearer) passes on Host alone too, as API keys are the
 * cross-origin credential (docs/decisions.md §8.1) and a rebound page has none.
 */
export function assertMcpRequestOrigin(req: Request, principal: Principal): void {
  const env = getEnv();
  const base = new URL(env.BASE_URL);
  // Without a Host header (an in-process call; Next maps HTTP/2's :authority to it) the URL's host
  // is the name the request was addressed to.
  const host = req.headers.get("host") ?? new URL(req.url).host;
  const hostname = hostnameOf(host);
  if (hostname === null || !(hostname === base.hostname || LOOPBACK.has(hostname) || env.MCP_ALLOWED_HOSTS.includes(hostname))) {
    throw new ApiError("forbidden", `Host ${JSON.stringify(host)} is not served by this MCP endpoint (DNS rebinding protection)`, {
      extra: { reason: "host_not_allowed" },
    });
  }
  const origin = req.headers.get("origin");
  if (origin === null || principal.kind === "api_key" || principal.kind === "bearer") return;
  if (originAllowed(origin, base.origin, env.MCP_ALLOWED_ORIGINS)) return;
  throw new ApiError("forbidden", `Origin ${JSON.stringify(origin)} may not call this MCP endpoint (DNS rebinding protection)`, {
    extra: { reason: "origin_not_allowed" },
  });
}

/** A browser sends an origin serialized (lower-case, no default port): anything else, or "null", is no origin we know. */
function originAllowed(origin: string, baseOrigin: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;

  return origin === baseOrigin || allowed.includes(origin) || LOOPBACK.has(url.hostname);
}
