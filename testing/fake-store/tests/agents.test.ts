// What the fake store serves AI agents: Storefront MCP over JSON-RPC, a UCP profile, llms.txt, each off on demand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureStore, requestAs, startFakeStore, type FakeStoreServer } from "../index";
import { STOREFRONT_MCP_TOOLS, UCP_VERSION } from "../agents";

let server: FakeStoreServer;

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(fixtureStore("ready.test"));
  server.addStore(fixtureStore("bare.test", { storefrontMcp: false, ucpProfile: false, llmsTxt: false }));
});
afterAll(() => server.close());

const toolsList = { jsonrpc: "2.0", id: 7, method: "tools/list" };

describe("agent endpoints of the fake store", () => {
  it("answers a JSON-RPC tools/list POST with Shopify's five Storefront MCP tools, echoing the id", async () => {
    const res = await requestAs(server.origin, "ready.test", "/api/mcp", {
      body: toolsList,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(200);
    const answer = res.json<{ jsonrpc: string; id: number; result: { tools: { name: string; inputSchema: unknown }[] } }>();
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: 7 });
    expect(answer.result.tools.map((tool) => tool.name)).toEqual(STOREFRONT_MCP_TOOLS.map(([name]) => name));
    expect(answer.result.tools[0]?.inputSchema).toMatchObject({ type: "object" });
  });

  it("answers a GET 405, an unknown method and a broken body with JSON-RPC errors", async () => {
    const get = await requestAs(server.origin, "ready.test", "/api/mcp");
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    const unknown = await requestAs(server.origin, "ready.test", "/api/mcp", { body: { jsonrpc: "2.0", id: 2, method: "tools/call" } });
    expect(unknown.json<{ error: { code: number } }>().error.code).toBe(-32601);
    const broken = await requestAs(server.origin, "ready.test", "/api/mcp", { body: "{not json" });
    expect(broken.status).toBe(400);
    expect(broken.json<{ error: { code: number } }>().error.code).toBe(-32700);
  });

  it("serves a UCP profile and an llms.txt headed with the store's name", async () => {
    const ucp = await requestAs(server.origin, "ready.test", "/.well-known/ucp");
    expect(ucp.json<{ ucp: { version: string; capabilities: Record<string, unknown> } }>().ucp).toMatchObject({ version: UCP_VERSION });
    const llms = await requestAs(server.origin, "ready.test", "/llms.txt");
    expect(llms.headers["content-type"]).toMatch(/^text\/plain/);
    expect(llms.body).toMatch(/^# \S/);
  });

  it("answers 404 for each one turned off", async () => {
    expect((await requestAs(server.origin, "bare.test", "/api/mcp", { body: toolsList })).status).toBe(404);
    expect((await requestAs(server.origin, "bare.test", "/.well-known/ucp")).status).toBe(404);
    expect((await requestAs(server.origin, "bare.test", "/llms.txt")).status).toBe(404);
  });

  it("names AI crawlers in its default robots.txt, keeping Shopify's rules for *", async () => {
    const robots = (await requestAs(server.origin, "ready.test", "/robots.txt")).body;
    expect(robots).toContain("User-agent: *\nDisallow: /admin");
    expect(robots).toContain("User-agent: GPTBot\nDisallow: /\n");
    expect(robots).toContain("User-agent: ClaudeBot\nAllow: /\n");
  });
});
