import { readFileSync } from "node:fs";
import path from "node:path";
import { ApiError, methodNotAllowed } from "@/lib/http/errors";
import { findUnstorableQuery, percentEscapeProblem, unstorableTextError } from "@/lib/http/storable-text";
import { ENDPOINTS } from "@/lib/endpoints/registry";

type ManifestRoute = { page: string; regex: string };
type RoutesManifest = { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] };

/** API routes served by a library rather than the route wrapper, so not declared endpoints (ENDPOINTS). */
export const LIBRARY_ROUTE_METHODS: Record<string, readonly string[]> = {
  // Auth.js speaks GET and POST; its route answers the other methods with this 405 (every 4xx
  // carries the error body, docs/decisions.md §7).
  "/api/auth/[...nextauth]": ["GET", "HEAD", "POST"],
  "/api/inngest": ["GET", "POST", "PUT"],
};

/**
 * The methods each API route serves, by the route's page (`/api/jobs/[id]/status`): the
 * declared endpoints and the library routes. lib/endpoints/registry.test.ts holds it to the files.
 */
export function apiRouteMethods(): Map<string, readonly string[]> {
  const table = new Map(Object.entries(LIBRARY_ROUTE_METHODS));
  for (const { method, path: endpoint } of ENDPOINTS) {
    const page = endpoint.replace(/:(\w+)/g, "[$1]");
    table.set(page, [...(table.get(page) ?? []), method]);
  }

  return table;
}

/** What Next answers on a route besides its exports: OPTIONS always, HEAD wherever GET is (as Next's Allow, sorted). */
function allowedMethods(exported: readonly string[]): string[] {
  const allowed = new Set([...exported, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");

  return [...allowed].sort();
}

/**
 * The requests the custom server answers itself, with the error body, because Next would
 * answer them with none (an empty 405 or 400), with its HTML 404 page, or with a 500:
 * - a path with a malformed percent-escape (`%`, `%zz`, `%E0`), on which Next's decoding of
 *   route parameters fails with a 500: 400;
 * - a path with an encoded NUL (`%00`), or a query string with one or with escapes that are not
 *   UTF-8 (`?q=%FF`), which a page or a route would hand to PostgreSQL, or read as U+FFFD: 400
 *   (lib/http/storable-text.ts; route handlers check the same);
 * and under /api, with the production build's routes (`<distDir>/routes-manifest.json`, the
 * routes Next itself matches against):
 * - a path with dot segments (`/api/x/..`, `%2e%2e`), which Next would resolve elsewhere: 404;
 * - a path no route serves: 404;
 * - a method the route does not serve: 405 with `Allow`.
 * A path counts as /api when it is, read with encoded slashes and backslashes as slashes.
 * Without a build (`distDir` null: development) the /api part is left to Next.
 *
 * Why not an `app/api/[...slug]` catch-all: Next attaches its own `upgrade` listener to the
 * custom server, and a catch-all would claim the WebSocket upgrades of /api/ws too.
 */
export function loadRequestRefusals(distDir: string | null): (method: string, url: string | undefined) => ApiError | null {
  const apiRoutes = distDir === null ? null : loadApiRoutes(distDir);

  return (method, url) => {
    const pathname = requestPathname(url);
    if (!isWellEscaped(pathname)) return new ApiError("invalid_request", "Malformed percent-encoding in the path");
    if (percentEscapeProblem(pathname)) return new ApiError("invalid_request", "The path holds a NUL character");
    const query = findUnstorableQuery(requestSearch(url));
    if (query) return unstorableTextError(query);
    if (!apiRoutes) return null;
    const segments = pathname.replace(/%2f|%5c|\\/gi, "/");
    if (!isApiPath(segments)) return null;
    if (hasDotSegment(segments)) return noSuchEndpoint();
    const route = apiRoutes.find(({ regex }) => regex.test(pathname));
    if (!route) return noSuchEndpoint();
    // A route missing from the table (a test keeps that from happening) is left to Next.
    if (!route.allowed || route.allowed.includes(method)) return null;

    return methodNotAllowed(method, route.allowed);
  };
}

/** The build's API routes with the methods each serves; null without a build manifest. */
function loadApiRoutes(distDir: string): { regex: RegExp; allowed: string[] | null }[] | null {
  let manifest: RoutesManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as RoutesManifest;
  } catch {
    return null;
  }
  const routeMethods = apiRouteMethods();

  return [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])]
    .filter((route) => isApiPath(route.page))
    .map((route) => {
      const exported = routeMethods.get(route.page);

      return { regex: new RegExp(route.regex), allowed: exported ? allowedMethods(exported) : null };
    });
}

/** Whether every percent-escape decodes (to valid UTF-8), as Next's parameter decoding needs. */
function isWellEscaped(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);

    return true;
  } catch {
    return false;
  }
}

const noSuchEndpoint = () => new ApiError("not_found", "No such API endpoint");

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function hasDotSegment(pathname: string): boolean {
  return pathname.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** The query string of a request target (`/api/x?y=1#z` → `?y=1`), empty without one. */
function requestSearch(url: string | undefined): string {
  const target = (url ?? "/").split("#", 1)[0] ?? "";
  const start = target.indexOf("?");

  return start === -1 ? "" : target.slice(start);
}

/** The pathname of a request target (`/api/x?y=1` → `/api/x`); never throws. */
export function requestPathname(url: string | undefined): string {
  const target = url ?? "/";
  const end = target.search(/[?#]/);

  return end === -1 ? target : target.slice(0, end);
}
