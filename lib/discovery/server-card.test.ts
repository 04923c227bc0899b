/**
 * The MCP server card as an agent or a crawler reads it: at the well-known paths, cacheable and
 * readable from any origin, naming our Streamable HTTP endpoint, the revisions it really
 * speaks and the tools the official MCP client lists from the running route.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as getCard } from "@/app/.well-known/mcp/server-card.json/route";
import { GET as getCardAlias } from "@/app/.well-known/mcp.json/route";
import { GET as getCatalog } from "@/app/.well-known/mcp/catalog.json/route";
import { ACCESS } from "@/lib/auth/access";
import { resetEnvCache } from "@/lib/env";
import { STORE_TOOLS } from "@/lib/tools";
import { connectMcp, startMcpHost } from "@/testing/mcp-host";
import type { RouteHost } from "@/testing/route-host";
import packageJson from "@/package.json";
import type { ServerCard } from "./server-card";

let host: RouteHost;

beforeAll(async () => {
  host = await startMcpHost();
});

afterAll(async () => {
  await host?.close();
});

afterEach(() => {
  delete process.env.X402_PAY_TO;
  resetEnvCache();
});

const readCard = async (response: Response) => (await response.json()) as ServerCard;

/** One JSON-RPC request to the running route; the answer's result (JSON or one SSE data line). */
async function rpc(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${host.origin}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  const json = text.trimStart().startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null");

  return (JSON.parse(json) as { result?: Record<string, unknown> }).result;
}

describe("GET /.well-known/mcp/server-card.json", () => {
  it("is JSON any origin may read and a cache may keep, naming the endpoint built from BASE_URL", async () => {
    const response = await getCard();

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const card = await readCard(response);
    expect(card).toMatchObject({
      $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
      name: "localhost/storelens",
      version: packageJson.version,
      title: "StoreLens",
      remotes: [{ type: "streamable-http", url: "http://localhost:3000/api/mcp", authentication: { required: false } }],
      serverInfo: { name: "storelens", version: packageJson.version },
      transport: { type: "streamable-http", endpoint: "http://localhost:3000/api/mcp" },
    });
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card.remotes[0]!.headers.map((header) => header.name)).toEqual(["Authorization", "X-API-Key"]);
  });

  it("lists the tools the official MCP client lists from the running server, schemas and all", async () => {
    const card = await readCard(await getCard());
    const client = await connectMcp(host.origin);
    const { tools } = await client.listTools();
    await client.close();

    expect(card.tools).toEqual(JSON.parse(JSON.stringify(tools)));
    expect(card.tools.map((tool) => tool.name)).toEqual(STORE_TOOLS.map((tool) => tool.name));
    expect(card.tools.every((tool) => tool.inputSchema.type === "object" && typeof tool.description === "string")).toBe(true);
  });

  it("states the capabilities and every revision the server answers in", async () => {
    const card = await readCard(await getCard());
    const versions = card.remotes[0]!.supportedProtocolVersions;
    expect(versions).toEqual(expect.arrayContaining(["2026-07-28", "2025-11-25"]));
    expect(card.capabilities).toMatchObject({ tools: {} });

    for (const version of versions) {
      if (version === "2026-07-28") {
        const meta = {
          "io.modelcontextprotocol/protocolVersion": version,
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: "card-test", version: "1.0.0" },
        };
        const discovered = await rpc(
          "server/discover",
          { _meta: meta },
          { "mcp-protocol-version": version, "mcp-method": "server/discover" },
        );
        expect(discovered?.supportedVersions).toContain(version);
        expect(discovered?.capabilities).toEqual(card.capabilities);
      } else {
        const initialized = await rpc("initialize", {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: "card-test", version: "1.0.0" },
        });
        expect(initialized?.protocolVersion, version).toBe(version);
        expect(initialized?.serverInfo).toMatchObject({ name: "storelens", version: card.version });
      }
    }
  });

  it("says which tools x402 pays for and how, when the server takes x402", async () => {
    process.env.X402_PAY_TO = "0x000000000000000000000000000000000000dEaD";
    process.env.BASE_URL = "https://paid.storelens.example";
    resetEnvCache();
    try {
      const card = await readCard(await getCard());
      const paid = STORE_TOOLS.filter((tool) => ACCESS[tool.access].x402).map((tool) => tool.name);

      expect(paid).toContain("analyze_store");
      expect(card.remotes[0]!.authentication.schemes).toEqual(["bearer", "x402"]);
      expect(card._meta.x402).toMatchObject({
        x402Version: 2,
        network: "eip155:8453",
        tools: paid,
        paymentMeta: "x402/payment",
        receiptMeta: "x402/payment-response",
      });
      expect(card.remotes[0]!.url).toBe("https://paid.storelens.example/api/mcp");
      expect(card.name).toBe("example.storelens.paid/storelens");
    } finally {
      process.env.BASE_URL = "http://localhost:3000";
    }
  });

  it("without x402 names bearer keys only and no payment", async () => {
    const card = await readCard(await getCard());
    expect(card.remotes[0]!.authentication.schemes).toEqual(["bearer"]);
    expect(card._meta.x402).toBeUndefined();
  });
});

describe("the other discovery paths", () => {
  it("/.well-known/mcp.json answers the same card", async () => {
    expect(await (await getCardAlias()).json()).toEqual(await (await getCard()).json());
  });

  it("/.well-known/mcp/catalog.json points at the card", async () => {
    const response = getCatalog();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      specVersion: "draft",
      entries: [
        {
          identifier: "urn:air:localhost:storelens",
          displayName: "StoreLens",
          type: "application/mcp-server-card+json",
          url: "http://localhost:3000/.well-known/mcp/server-card.json",
        },
      ],
    });
  });
});
