/**
 * Errors that mean "the database cannot be reached right now", not "this query is wrong":
 * refused or dropped connections, a connect timeout, a server shutting down or starting up.
 * The request is fine and may be tried again once the database is back.
 */
const CONNECTION_CODES = new Set([
  // Node sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // the postgres driver
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** True when `error` (or an error it wraps, as drizzle's query errors do) is a lost database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    // SQLSTATE class 08: connection exception
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause;
  }

  return false;
}
