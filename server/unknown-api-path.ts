import { readFileSync } from "node:fs";
import path from "node:path";
import type { ServerResponse } from "node:http";
import { ApiError } from "@/lib/http/errors";

type ManifestRoute = { page: string; regex: string };
type RoutesManifest = { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] };

/**
 * Tells whether an /api path is served by no route of the production build, from the routes
 * Next itself matches against (`<distDir>/routes-manifest.json`). Returns null when there is no
 * build manifest (development): then every path is left to Next.
 *
 * Why not an `app/api/[...slug]` catch-all: Next attaches its own `upgrade` listener to the
 * custom server, and a catch-all would claim the WebSocket upgrades of /api/ws too.
 */
export function loadUnknownApiPathMatcher(distDir: string): ((pathname: string) => boolean) | null {
  let manifest: RoutesManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as RoutesManifest;
  } catch {
    return null;
  }
  const apiRoutes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])]
    .filter((route) => route.page === "/api" || route.page.startsWith("/api/"))
    .map((route) => new RegExp(route.regex));

  return (pathname) => isApiPath(pathname) && !apiRoutes.some((route) => route.test(pathname));
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** The pathname of a request target (`/api/x?y=1` → `/api/x`); never throws. */
export function requestPathname(url: string | undefined): string {
  const target = url ?? "/";
  const end = target.search(/[?#]/);

  return end === -1 ? target : target.slice(0, end);
}

/** The error body of DESIGN.md §7, for an /api path no route serves, whatever the method. */
export function answerUnknownApiPath(res: ServerResponse, method: string | undefined): void {
  const error = new ApiError("not_found", "No such API endpoint");
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(method === "HEAD" ? undefined : body);
}
