import { existsSync } from "node:fs";
import path from "node:path";

type RouteHandler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Finds the exported handler of a declared endpoint (ENDPOINTS) by convention, so a new
 * endpoint joins the access test by its declaration alone: `/api/api-keys/:id` →
 * `app/api/api-keys/[id]/route.ts`, export `DELETE`.
 */
export function routeFileFor(endpointPath: string): string {
  const segments = endpointPath
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? `[${segment.slice(1)}]` : segment));

  return path.join(process.cwd(), "app", ...segments, "route.ts");
}

export async function loadRouteHandler(method: string, endpointPath: string): Promise<RouteHandler> {
  const file = routeFileFor(endpointPath);
  if (!existsSync(file)) throw new Error(`${method} ${endpointPath}: no route file at ${path.relative(process.cwd(), file)}`);
  const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
  const handler = mod[method];
  if (typeof handler !== "function") {
    throw new Error(`${method} ${endpointPath}: ${path.relative(process.cwd(), file)} does not export ${method}`);
  }

  return handler as RouteHandler;
}

/** A placeholder for every `:param` (a well-formed UUID that names nothing → 404). */
export const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

export function placeholderParams(endpointPath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = endpointPath.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params[name] = PLACEHOLDER_ID;

    return PLACEHOLDER_ID;
  });

  return { url, params };
}
