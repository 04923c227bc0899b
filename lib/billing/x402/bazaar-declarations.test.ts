/**
 * The x402 Bazaar discovery declaration of everything we sell, checked with the validators
 * @x402/extensions ships (what a facilitator runs before it lists a resource in the Bazaar):
 * every endpoint whose access rule takes x402, through its real route's 402 answer (v2 header
 * and v1 body), and every MCP tool that takes x402, through the PaymentRequired its tool error
 * carries. A paid endpoint or tool added without a declaration the Bazaar accepts fails here.
 */
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import {
  extractDiscoveryInfo,
  extractDiscoveryInfoV1,
  validateAndExtract,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
  type DiscoveryExtension,
} from "@x402/extensions/bazaar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS } from "@/lib/auth/access";
import { ENDPOINTS } from "@/lib/endpoints/registry";
import { resetEnvCache } from "@/lib/env";
import { toolPaymentRequired } from "@/lib/mcp/tool-payment";
import { STORE_TOOLS } from "@/lib/tools";

const PAY_TO = "0x000000000000000000000000000000000000dEaD";

/** Every route file under app/api, by the path its folder spells (`[id]` for `:id`). */
const ROUTES = import.meta.glob<Record<string, (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>>>(
  "/app/api/**/route.ts",
);
const routeFileOf = (path: string) => `/app${path.replace(/:(\w+)/g, "[$1]")}/route.ts`;

const PAID_ENDPOINTS = ENDPOINTS.filter((endpoint) => ACCESS[endpoint.access].x402);
const PAID_TOOLS = STORE_TOOLS.filter((tool) => ACCESS[tool.access].x402);

beforeAll(() => {
  process.env.X402_PAY_TO = PAY_TO;
  resetEnvCache();
});

afterAll(() => {
  delete process.env.X402_PAY_TO;
  resetEnvCache();
});

/** What a facilitator checks of a declaration: its info against its own schema, and the protocol's invariants. */
function expectAccepted(bazaar: unknown) {
  expect(bazaar, "no Bazaar declaration").toBeDefined();
  const extension = bazaar as DiscoveryExtension;
  expect(validateDiscoveryExtension(extension)).toEqual({ valid: true });
  expect(validateDiscoveryExtensionSpec(extension as unknown as Record<string, unknown>)).toEqual({ valid: true });
  expect(validateAndExtract(extension).valid).toBe(true);
}

/** The payload a client would send back for the first offer, carrying the declaration as the v2 client echoes it. */
const payloadFor = (offered: PaymentRequired): PaymentPayload => ({
  x402Version: 2,
  resource: offered.resource,
  accepted: offered.accepts[0]!,
  payload: {},
  extensions: offered.extensions,
});

describe("x402 Bazaar declarations", () => {
  it("there is something to declare: POST /api/jobs and analyze_store take x402", () => {
    expect(PAID_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toContain("POST /api/jobs");
    expect(PAID_TOOLS.map((tool) => tool.name)).toContain("analyze_store");
  });

  it.each(PAID_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s: its 402 declares it in a way the Bazaar accepts, in v2 and in v1",
    async (_name, endpoint) => {
      const load = ROUTES[routeFileOf(endpoint.path)];
      expect(load, `no route file for ${endpoint.path}`).toBeDefined();
      const handler = (await load!())[endpoint.method]!;
      const url = `http://localhost:3000${endpoint.path.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000")}`;
      const response = await handler(
        new Request(url, {
          method: endpoint.method,
          headers: { "content-type": "application/json" },
          // What each sells: a store (POST /api/jobs), a list priced by its stores (POST /api/batches).
          body: JSON.stringify(
            endpoint.path === "/api/batches" ? { domains: ["bazaar-check.example"] } : { domain: "bazaar-check.example" },
          ),
        }),
        { params: Promise.resolve({}) },
      );

      expect(response.status).toBe(402);
      const offered = decodePaymentRequiredHeader(response.headers.get("payment-required")!);
      expectAccepted(offered.extensions?.bazaar);
      const discovered = extractDiscoveryInfo(payloadFor(offered), offered.accepts[0]!);
      expect(discovered).toMatchObject({ resourceUrl: `http://localhost:3000${endpoint.path}`, method: endpoint.method, x402Version: 2 });

      // v1: the declaration is the requirements' outputSchema.
      const body = (await response.json()) as { accepts: Parameters<typeof extractDiscoveryInfoV1>[0][] };
      expect(extractDiscoveryInfoV1(body.accepts[0]!)?.input).toMatchObject({ type: "http", method: endpoint.method });
    },
  );

  it.each(PAID_TOOLS.map((tool) => [tool.name, tool] as const))(
    "MCP tool %s: the PaymentRequired of its tool error declares it in a way the Bazaar accepts",
    (name, tool) => {
      const offered = toolPaymentRequired(tool, "payment_required");
      expectAccepted(offered.extensions?.bazaar);
      const discovered = extractDiscoveryInfo(payloadFor(offered), offered.accepts[0]!);
      expect(discovered).toMatchObject({ resourceUrl: "http://localhost:3000/api/mcp", toolName: name, x402Version: 2 });
      expect(discovered!.discoveryInfo.input).toMatchObject({ type: "mcp", toolName: name, transport: "streamable-http" });
    },
  );
});
