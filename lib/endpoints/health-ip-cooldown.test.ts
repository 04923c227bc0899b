/**
 * A load balancer probes /api/health from one address, often the same one the traffic it
 * forwards comes from. After that address trips the IP cooldown, the API refuses it, but the
 * health check must still answer 200, or the balancer would take a healthy instance out.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { resetIpCooldownMemory } from "@/lib/limits/ip-cooldown";
import { GET as health } from "@/app/api/health/route";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { startRouteHost, type RouteHost } from "@/testing/route-host";

const BURST_LIMIT = 5;
let host: RouteHost;

beforeAll(async () => {
  Object.assign(process.env, { IP_BURST_LIMIT: String(BURST_LIMIT), IP_COOLDOWN_SECONDS: "60" });
  resetEnvCache();
  resetIpCooldownMemory();
  host = await startRouteHost({
    routes: [
      { method: "GET", path: /^\/api\/health$/, handler: health },
      { method: "GET", path: /^\/api\/openapi\.json$/, handler: openapi },
    ],
  });
});

afterAll(async () => {
  await host?.close();
  delete process.env.IP_BURST_LIMIT;
  delete process.env.IP_COOLDOWN_SECONDS;
  resetEnvCache();
  resetIpCooldownMemory();
});

const get = async (path: string) => {
  const response = await fetch(`${host.origin}${path}`);

  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it("probing /api/health in a burst neither trips the cooldown nor is refused", async () => {
  const statuses = [];
  for (let i = 0; i < 4 * BURST_LIMIT; i += 1) statuses.push((await get("/api/health")).status);

  expect(statuses).toEqual(Array(4 * BURST_LIMIT).fill(200));
  expect((await get("/api/openapi.json")).status).toBe(200);
});

it("after a burst from 127.0.0.1 puts it in the cooldown, the API refuses it but /api/health answers 200", async () => {
  // Bursts sent at once, so they land within one second however slow each answer is on a busy
  // machine (a second boundary may split one burst; the next lands whole).
  let refused: { status: number; body: Record<string, unknown> } | undefined;
  for (let round = 0; round < 5 && !refused; round += 1) {
    const answers = await Promise.all(Array.from({ length: 2 * BURST_LIMIT }, () => get("/api/openapi.json")));
    refused = answers.find((answer) => answer.status === 429);
  }
  expect(refused?.body).toMatchObject({ code: "rate_limited", limit_type: "ip_cooldown" });

  expect(await get("/api/health")).toMatchObject({ status: 200, body: { status: "ok" } });
  expect((await get("/api/openapi.json")).status).toBe(429);
  expect((await get("/api/health")).status).toBe(200);
});
