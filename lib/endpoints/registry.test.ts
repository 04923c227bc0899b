/**
 * Every route file serves declared endpoints, and every declared endpoint is served: each
 * method a file under app/api exports is a handler route() made from a declaration of
 * ENDPOINTS with that method and the file's path, and no declaration is served twice or
 * not at all. So the method, path, access rule and schemas a route applies are the ones the
 * OpenAPI document, the access matrix test and the tools read.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIBRARY_ROUTE_METHODS } from "@/server/request-refusals";
import { ENDPOINTS } from "./registry";
import { endpointOf } from "./route";

const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
const apiDir = path.join(process.cwd(), "app", "api");
/** Each route file with its page as Next names it (`/api/jobs/[id]/status`). */
const routeFiles = (readdirSync(apiDir, { recursive: true }) as string[])
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => ({ file, page: `/api/${path.dirname(file)}`.replace(/\/\.$/, "") }));
const pageOf = (endpointPath: string) => endpointPath.replace(/:(\w+)/g, "[$1]");

describe("the declared endpoints and the route files", () => {
  it("declare each method and path once, under a unique operationId", () => {
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = ENDPOINTS.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("serve every export of a route file from the declaration of its method and path, and every declaration once", async () => {
    expect(routeFiles.length).toBeGreaterThan(30);
    const served = new Map<object, string[]>();
    const problems: string[] = [];
    // Library routes (Auth.js, Inngest) are not declared endpoints; next-auth cannot load under Vitest.
    for (const { file, page } of routeFiles.filter((route) => !(route.page in LIBRARY_ROUTE_METHODS))) {
      const mod = (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<string, unknown>;
      for (const method of HTTP_METHODS.filter((name) => typeof mod[name] === "function")) {
        const endpoint = endpointOf(mod[method]);
        if (!endpoint) problems.push(`${method} ${page}: not made by route() from a declaration`);
        else if (!ENDPOINTS.includes(endpoint))
          problems.push(`${method} ${page}: serves ${endpoint.operationId}, which ENDPOINTS does not list`);
        else if (endpoint.method !== method || pageOf(endpoint.path) !== page)
          problems.push(`${method} ${page}: serves ${endpoint.method} ${endpoint.path}`);
        if (endpoint) served.set(endpoint, [...(served.get(endpoint) ?? []), `${method} ${page}`]);
      }
    }
    for (const endpoint of ENDPOINTS) {
      const by = served.get(endpoint) ?? [];
      if (by.length !== 1)
        problems.push(`${endpoint.method} ${endpoint.path} is served ${by.length} times${by.length ? `: ${by.join(", ")}` : ""}`);
    }

    expect(problems).toEqual([]);
  }, 120_000);
});
