/**
 * server.json at the repository root is what `mcp-publisher publish` sends to the official MCP
 * registry. It is the server card of the origin it names, cut to the registry's shape: when a
 * tool, the version or the description changes, this fails until the file is written again:
 *
 *   UPDATE_SERVER_JSON=1 npx vitest run lib/discovery/server-json.test.ts
 *
 * (SERVER_JSON_ORIGIN=https://… to name another deployment; otherwise the file keeps its own).
 * The registry's JSON Schema is not available offline, so its rules that apply to a remote
 * server are checked here by hand, as the 2025-12-11 schema states them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { afterEach, describe, expect, it } from "vitest";
import { GET as getServerJson } from "@/app/server.json/route";
import { resetEnvCache } from "@/lib/env";
import { handleMcpRequest } from "@/lib/mcp";
import { STORE_TOOLS } from "@/lib/tools";
import packageJson from "@/package.json";
import { serverCard } from "./server-card";
import { PUBLISHER_META_KEY, SERVER_JSON_SCHEMA, serverJsonFromCard } from "./server-json";

const FILE = "server.json";

type Remote = { type: string; url: string; headers?: { name: string; isSecret?: boolean }[] };
type ServerJson = {
  $schema: string;
  name: string;
  description: string;
  version: string;
  remotes: Remote[];
  _meta: Record<string, unknown>;
};

const committed = () => JSON.parse(readFileSync(FILE, "utf8")) as ServerJson;

/** server.json as the card of `origin` makes it. */
async function generated(origin: string): Promise<ServerJson> {
  process.env.BASE_URL = origin;
  resetEnvCache();

  return serverJsonFromCard(await serverCard(), origin) as ServerJson;
}

afterEach(() => {
  process.env.BASE_URL = "http://localhost:3000";
  resetEnvCache();
});

describe("server.json", () => {
  it("is the server card of the origin it names (its version, description and tools in step with the server)", async () => {
    const origin = process.env.SERVER_JSON_ORIGIN ?? new URL(committed().remotes[0]!.url).origin;
    const expected = await generated(origin);
    // Written as `prettier --check` wants it, so regenerating never fails the lint.
    if (process.env.UPDATE_SERVER_JSON)
      writeFileSync(FILE, await format(JSON.stringify(expected), { ...(await resolveConfig(FILE)), filepath: FILE }));

    expect(committed()).toEqual(expected);
  });

  it("has the version of package.json, which is the one the running server announces", async () => {
    const initialize = new Request("http://localhost:3000/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "server-json-test", version: "1" } },
      }),
    });
    const text = await (await handleMcpRequest(initialize, { kind: "anonymous", ip: "127.0.0.1" }, "test")).text();
    const answer = JSON.parse(text.trimStart().startsWith("{") ? text : /^data: (.*)$/m.exec(text)![1]!) as {
      result: { serverInfo: { version: string } };
    };

    expect(committed().version).toBe(packageJson.version);
    expect(answer.result.serverInfo.version).toBe(packageJson.version);
  });

  it("meets the registry's rules for a remote server (checked by hand: the schema is not available offline)", () => {
    const file = committed();

    expect(file.$schema).toBe(SERVER_JSON_SCHEMA);
    expect(file.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/);
    // name: reverse-DNS, exactly one slash, 3–200 characters; a domain namespace is the host reversed.
    expect(file.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(file.name.length).toBeGreaterThanOrEqual(3);
    expect(file.name.length).toBeLessThanOrEqual(200);
    const host = new URL(file.remotes[0]!.url).hostname;
    expect(file.name.split("/")[0]).toBe(host.split(".").reverse().join("."));
    // description: 1–100 characters.
    expect(file.description.length).toBeGreaterThanOrEqual(1);
    expect(file.description.length).toBeLessThanOrEqual(100);
    // version: a specific version, never a range nor "latest".
    expect(file.version).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
    // remotes: streamable-http at a public https URL (the registry refuses localhost).
    expect(file.remotes).toHaveLength(1);
    expect(file.remotes[0]).toMatchObject({ type: "streamable-http" });
    expect(file.remotes[0]!.url).toMatch(/^https:\/\/[^/\s]+\/api\/mcp$/);
    expect(host).not.toMatch(/^(localhost|127\.|\[)/);
    for (const header of file.remotes[0]!.headers ?? []) expect(header).toMatchObject({ name: expect.any(String), isSecret: true });
    // The registry keeps only the publisher-provided key of _meta.
    expect(Object.keys(file._meta)).toEqual([PUBLISHER_META_KEY]);
  });

  it("names every registered tool and the ones x402 pays for", () => {
    const meta = committed()._meta[PUBLISHER_META_KEY] as { tools: string[]; x402PaidTools: string[]; serverCard: string };

    expect(meta.tools).toEqual(STORE_TOOLS.map((tool) => tool.name));
    expect(meta.x402PaidTools).toEqual(["analyze_store", "analyze_batch"]);
    expect(meta.serverCard).toBe(`${new URL(committed().remotes[0]!.url).origin}/.well-known/mcp/server-card.json`);
  });

  it("GET /server.json answers the same document for this deployment's BASE_URL", async () => {
    const origin = new URL(committed().remotes[0]!.url).origin;
    process.env.BASE_URL = origin;
    resetEnvCache();
    const response = await getServerJson();

    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual(committed());
  });
});
