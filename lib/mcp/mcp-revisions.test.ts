/**
 * The two MCP revisions /api/mcp serves, on the wire and through a client nobody here wrote:
 * 2026-07-28 answers `server/discover` and reads the version from each request's `_meta`;
 * 2025-11-25 answers `initialize`; a revision we do not serve is refused naming the ones we
 * do. The MCP Inspector's CLI lists every tool in both eras with its schema-portability check
 * in strict mode (exit 6 on an error-severity problem); mcp-inspector-payment.test.ts pays
 * analyze_store through it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_TOOLS } from "@/lib/tools";
import { startMcpHost } from "@/testing/mcp-host";
import { inspectorResult, runInspector } from "@/testing/mcp-inspector";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import type { RouteHost } from "@/testing/route-host";

let h: PipelineHarness;
let host: RouteHost;

beforeAll(async () => {
  h = await startPipeline();
  host = await startMcpHost();
});

afterAll(async () => {
  await host?.close();
  await h?.stop();
});

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "wire-test", version: "1.0.0" },
};

/** A JSON-RPC answer, read loosely: each test names the fields it expects. */
type RpcAnswer = { result?: Record<string, unknown> & { tools?: { name: string }[] }; error?: { code: number; message: string } };

async function rpc(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${host.origin}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  // A JSON body, or one SSE `data:` line holding the response.
  const json = text.trimStart().startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null");

  return { status: response.status, body: JSON.parse(json) as RpcAnswer };
}

describe("MCP revisions on the wire", () => {
  it("2026-07-28: server/discover names the revisions, the capabilities and the server, with no handshake", async () => {
    // The revision's HTTP binding repeats the method (and a tool's name) in headers a proxy can route on.
    const discovered = await rpc(
      "server/discover",
      { _meta: MODERN_META },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "server/discover" },
    );

    expect(discovered.status, JSON.stringify(discovered.body)).toBe(200);
    expect(discovered.body.result?.supportedVersions).toContain("2026-07-28");
    expect(discovered.body.result?.capabilities).toMatchObject({ tools: {} });
    expect(JSON.stringify(discovered.body.result)).toContain("storelens");

    // Any request stands alone: a tools/list with the version in its _meta, no initialize first.
    const listed = await rpc("tools/list", { _meta: MODERN_META }, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" });
    expect(listed.body.result?.tools?.map((tool) => tool.name).sort()).toEqual(STORE_TOOLS.map((t) => t.name).sort());
  });

  it("2025-11-25: initialize answers that revision and the same server", async () => {
    const initialized = await rpc("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "wire-test", version: "1.0.0" },
    });

    expect(initialized.status).toBe(200);
    expect(initialized.body.result).toMatchObject({
      protocolVersion: "2025-11-25",
      serverInfo: { name: "storelens" },
      capabilities: { tools: {} },
    });
  });

  it("a revision we do not serve is refused with an error naming the ones we do, and nothing runs", async () => {
    const refused = await rpc(
      "tools/call",
      {
        name: "analyze_store",
        arguments: { domain: "future-client.test" },
        _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" },
      },
      { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/call", "mcp-name": "analyze_store" },
    );

    expect(refused.body.error, JSON.stringify(refused.body)).toBeDefined();
    expect(JSON.stringify(refused.body.error)).toContain("2026-07-28");
    expect(refused.body.result).toBeUndefined();
  });
});

describe("the MCP Inspector CLI", () => {
  it.each(["legacy", "modern"] as const)("lists every tool in the %s era with no schema-portability error in strict mode", async (era) => {
    const run = await runInspector(host.origin, era, ["--method", "tools/list", "--strict"]);
    expect(run.exitCode, `inspector exited ${run.exitCode}: ${run.stderr}\n${run.stdout}`).toBe(0);
    const { tools } = inspectorResult<{ tools: { name: string }[] }>(run);

    expect(tools.map((tool) => tool.name).sort(), run.stderr).toEqual(STORE_TOOLS.map((t) => t.name).sort());
  });
});
