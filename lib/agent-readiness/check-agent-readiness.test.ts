import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { emptyCrawlStats, runWithCrawlContext } from "@/lib/shopify-reader/crawl-context";
import { createPacer } from "@/lib/shopify-reader/pacer";
import { robotsPolicy } from "@/lib/shopify-reader/robots";
import type { StoreFetchOptions } from "@/lib/shopify-reader/fetch-store";
import { startTestServer } from "@/testing/test-server";
import { checkAgentReadiness, TOOLS_LIST_REQUEST } from "./check-agent-readiness";

type Reply = (res: ServerResponse) => void;
const script = new Map<string, Reply>();
let server: Awaited<ReturnType<typeof startTestServer>>;
const reply =
  (status: number, type: string, body: string, headers: Record<string, string> = {}): Reply =>
  (res) =>
    res.writeHead(status, { "content-type": type, ...headers }).end(body);
const JSON_TYPE = "application/json";

beforeAll(async () => {
  server = await startTestServer((req, res) => (script.get(req.url ?? "") ?? reply(404, "text/html", "<h1>Not found</h1>"))(res));
});
afterAll(async () => {
  await server.close();
});

let options: StoreFetchOptions;
beforeEach(() => {
  script.clear();
  server.seen.length = 0;
  options = {
    pacer: createPacer({ minIntervalMs: 0 }),
    net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(`*.test=${server.origin}`) },
    backoffBaseMs: 1,
    maxRetries: 3,
    timeoutMs: 2000,
  };
});

const TOOLS = ["search_shop_catalog", "search_shop_policies_and_faqs", "get_cart", "update_cart", "get_product_details"];

describe("checkAgentReadiness", () => {
  it("reads a store that answers all three, one request each, the MCP one a JSON-RPC POST", async () => {
    script.set(
      "/api/mcp",
      reply(200, JSON_TYPE, JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: TOOLS.map((name) => ({ name })) } })),
    );
    script.set(
      "/.well-known/ucp",
      reply(200, JSON_TYPE, JSON.stringify({ ucp: { version: "2026-04-08", capabilities: { "dev.ucp.shopping.checkout": [] } } })),
    );
    script.set("/llms.txt", reply(200, "text/plain", "# Shop\n\n> Coffee\n"));

    expect(await checkAgentReadiness("shop.test", options)).toEqual({
      storefront_mcp: { status: "answers", http_status: 200, detail: null, tools: TOOLS, tool_count: 5 },
      ucp_profile: {
        status: "answers",
        http_status: 200,
        detail: null,
        version: "2026-04-08",
        capabilities: ["dev.ucp.shopping.checkout"],
        capability_count: 1,
      },
      llms_txt: { status: "answers", http_status: 200, detail: null, bytes: 17, heading: "Shop" },
    });
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /api/mcp", "GET /.well-known/ucp", "GET /llms.txt"]);
    expect(server.seen[0]?.body).toBe(TOOLS_LIST_REQUEST);
  });

  it("says absent for a store without them: 404s, an HTML page, JSON of another kind", async () => {
    script.set("/api/mcp", reply(200, JSON_TYPE, '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}'));
    script.set("/llms.txt", reply(200, "text/html", "<!DOCTYPE html><html><body>Home</body></html>"));
    const found = await checkAgentReadiness("shop.test", options);

    expect(found.storefront_mcp).toMatchObject({ status: "absent", http_status: 200, tools: [], tool_count: 0 });
    expect(found.ucp_profile).toMatchObject({ status: "absent", http_status: 404, detail: "HTTP 404", version: null });
    expect(found.llms_txt).toMatchObject({ status: "absent", bytes: null, heading: null });
  });

  it("sends each request once, however the store answers: refused, server error, too large, not JSON", async () => {
    script.set("/api/mcp", reply(429, "text/html", "slow down", { "retry-after": "1" }));
    script.set("/.well-known/ucp", reply(503, "text/html", "down"));
    script.set("/llms.txt", reply(200, "text/plain", "x".repeat(70_000)));
    const found = await checkAgentReadiness("shop.test", options);

    expect(found.storefront_mcp).toMatchObject({ status: "refused", http_status: 429 });
    expect(found.ucp_profile).toMatchObject({ status: "error", http_status: 503 });
    expect(found.llms_txt).toMatchObject({ status: "error", detail: "larger than 64 KB" });
    expect(server.seen).toHaveLength(3);

    server.seen.length = 0;
    script.set("/api/mcp", reply(403, "text/html", "forbidden"));
    script.set("/.well-known/ucp", reply(200, "text/html", "<html>not json</html>"));
    const again = await checkAgentReadiness("shop.test", options);
    expect(again.storefront_mcp).toMatchObject({ status: "refused", http_status: 403 });
    expect(again.ucp_profile).toMatchObject({ status: "absent", detail: "not JSON" });
    expect(server.seen).toHaveLength(3);
  });

  it("keeps 50 of 10,000 tools from an answer within 64 KB, and refuses a bigger one without reading it", async () => {
    const many = Array.from({ length: 3_000 }, (_, i) => ({ name: `t${i}` }));
    script.set("/api/mcp", reply(200, JSON_TYPE, JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: many } })));
    expect((await checkAgentReadiness("shop.test", options)).storefront_mcp).toMatchObject({ status: "answers", tool_count: 3_000 });
    expect((await checkAgentReadiness("shop.test", options)).storefront_mcp.tools).toHaveLength(50);

    const huge = Array.from({ length: 10_000 }, (_, i) => ({ name: `tool_${i}` }));
    script.set("/api/mcp", reply(200, JSON_TYPE, JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: huge } })));
    expect((await checkAgentReadiness("shop.test", options)).storefront_mcp).toMatchObject({ status: "error", tools: [], tool_count: 0 });
  });

  it("does not request what robots.txt disallows for StoreLensBot, and says so", async () => {
    const robots = robotsPolicy({ status: "ok", text: "User-agent: StoreLensBot\nDisallow: /api/\nDisallow: /llms.txt\n" });
    const stats = emptyCrawlStats();
    const found = await runWithCrawlContext({ robots, stats }, () => checkAgentReadiness("shop.test", options));

    expect(found.storefront_mcp).toMatchObject({ status: "disallowed", http_status: null, tools: [] });
    expect(found.llms_txt).toMatchObject({ status: "disallowed" });
    expect(found.ucp_profile).toMatchObject({ status: "absent", http_status: 404 });
    expect(server.seen.map((r) => r.url)).toEqual(["/.well-known/ucp"]);
    expect(stats.robotsSkipped.map((skip) => skip.path)).toEqual(["/api/mcp", "/llms.txt"]);
  });
});
