/**
 * postgres.js runs an internal query for the array types on each new connection and drops its
 * promise (porsager/postgres#1192, open): when the connection fails during that query (the
 * database restarting, the network cut), its rejection escapes as unhandled, which Node answers
 * by ending the process. The request that opened the connection fails on its own and is answered
 * (503 database_unavailable); this rejection is the driver's echo of it. Dependency-free: the
 * test runner's configuration imports it too.
 */
export function isDriverTypeFetchFailure(error: unknown): boolean {
  const query = typeof error === "object" && error !== null ? (error as { query?: unknown }).query : undefined;

  return typeof query === "string" && query.includes("pg_catalog.pg_type") && query.includes("typarray");
}
