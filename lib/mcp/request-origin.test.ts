/**
 * DNS rebinding protection of /api/mcp, through the real route: a browser page whose name was
 * re-pointed at this server sends the attacker's name as Host and its page as Origin, and is
 * refused with our error body; server-to-server clients (no Origin) and the names this server
 * answers to still get the MCP answer. The first request is the MCP conformance suite's
 * dns-rebinding-protection scenario's, as it sends it.
 */
import { request } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { apiKeyHeader, createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { startMcpHost } from "@/testing/mcp-host";
import type { RouteHost } from "@/testing/route-host";

let host: RouteHost;
/** The port the test server listens on: the Host a client of 127.0.0.1:<port> sends. */
let port: string;

beforeAll(async () => {
  host = await startMcpHost();
  port = new URL(host.origin).port;
});

afterAll(async () => {
  await host?.close();
});

afterEach(() => {
  delete process.env.MCP_ALLOWED_HOSTS;
  delete process.env.MCP_ALLOWED_ORIGINS;
  resetEnvCache();
});

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "rebinding-test", version: "1.0.0" } },
});

/** POST /api/mcp with the Host (and Origin) given: node:http sends a Host of our choosing, as a rebound browser does. */
function initialize(headers: { host: string; origin?: string } & Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL("/api/mcp", host.origin),
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (part: string) => (body += part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject).end(INITIALIZE);
  });
}

const served = (answer: { status: number; body: string }) => {
  expect(answer.status, answer.body).toBe(200);
  expect(answer.body).toContain('"protocolVersion":"2025-11-25"');
};

const refused = (answer: { status: number; body: string }, reason: "host_not_allowed" | "origin_not_allowed") => {
  expect(answer.status, answer.body).toBe(403);
  expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining("DNS rebinding"), code: "forbidden", reason });
};

describe("/api/mcp DNS rebinding protection", () => {
  it("a foreign Host with its Origin (the conformance suite's request) is refused 403 in our error body; the same request to our own name is served", async () => {
    refused(await initialize({ host: "evil.example.com", origin: "http://evil.example.com" }), "host_not_allowed");
    // A rebound browser may not send Origin on every request: Host alone refuses it.
    refused(await initialize({ host: `evil.example.com:${port}` }), "host_not_allowed");
    served(await initialize({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }));
    served(await initialize({ host: `localhost:${port}`, origin: `http://localhost:${port}` }));
  });

  it("server-to-server clients send no Origin: served under BASE_URL's host name (any port) and loopback names", async () => {
    // BASE_URL is http://localhost:3000 in tests: behind a proxy the public name arrives as Host.
    served(await initialize({ host: "localhost:3000" }));
    served(await initialize({ host: "LOCALHOST" }));
    served(await initialize({ host: `[::1]:${port}` }));
    served(await initialize({ host: `127.0.0.1:${port}` }));
  });

  it("a loopback Host with a foreign Origin is refused: a page elsewhere calling through a local name", async () => {
    refused(await initialize({ host: `127.0.0.1:${port}`, origin: "https://evil.example.com" }), "origin_not_allowed");
    refused(await initialize({ host: `127.0.0.1:${port}`, origin: "null" }), "origin_not_allowed");
    refused(await initialize({ host: "localhost:3000", origin: "http://localhost.evil.example.com:3000" }), "origin_not_allowed");
    served(await initialize({ host: "localhost:3000", origin: "http://localhost:3000" }));
  });

  it("an API key is the cross-origin credential: its Origin is not looked at, its Host still is", async () => {
    const key = (await createTestApiKey((await createTestUser()).id)).key;

    served(await initialize({ host: `127.0.0.1:${port}`, origin: "https://agents.example.com", ...apiKeyHeader(key) }));
    refused(await initialize({ host: "evil.example.com", origin: "http://evil.example.com", ...apiKeyHeader(key) }), "host_not_allowed");
  });

  it("names that only look like ours are not ours", async () => {
    for (const name of [
      "localhost.evil.example.com",
      "evil.example.com@localhost",
      "localhost/evil",
      "127.0.0.1.nip.io",
      "evil.example.com#localhost",
    ]) {
      refused(await initialize({ host: name }), "host_not_allowed");
    }
  });

  it("MCP_ALLOWED_HOSTS and MCP_ALLOWED_ORIGINS add names and browser origins, nothing else", async () => {
    refused(await initialize({ host: "storelens.internal:8080" }), "host_not_allowed");
    refused(await initialize({ host: `127.0.0.1:${port}`, origin: "https://agents.example.com" }), "origin_not_allowed");

    process.env.MCP_ALLOWED_HOSTS = "storelens.internal, mcp.example.com";
    process.env.MCP_ALLOWED_ORIGINS = "https://agents.example.com";
    resetEnvCache();

    served(await initialize({ host: "storelens.internal:8080" }));
    served(await initialize({ host: "mcp.example.com", origin: "https://agents.example.com" }));
    refused(await initialize({ host: "mcp.example.com", origin: "http://agents.example.com" }), "origin_not_allowed");
    refused(await initialize({ host: "other.example.com", origin: "https://agents.example.com" }), "host_not_allowed");
  });
});
