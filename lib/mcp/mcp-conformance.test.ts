/**
 * The MCP conformance suite (@modelcontextprotocol/conformance, its `conformance server` CLI)
 * against our MCP route on loopback: the server scenarios that fit any server. The others call
 * the suite's own fixture tools, prompts and resources (test_simple_text, test_error_handling,
 * json_schema_2020_12_tool, …) or logging/setLevel, none of which StoreLens serves.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMcpHost } from "@/testing/mcp-host";
import type { RouteHost } from "@/testing/route-host";

let host: RouteHost;
let out: string;

beforeAll(async () => {
  host = await startMcpHost();
  out = await mkdtemp(join(tmpdir(), "mcp-conformance-"));
});

afterAll(async () => {
  await host?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

type Check = { id: string; status: string; errorMessage?: string };

/** Runs one scenario; its checks, as the suite writes them (checks.json). */
async function scenario(name: string): Promise<Check[]> {
  const dir = join(out, name);
  // A failed check makes the CLI exit non-zero: the checks say which, so read them either way.
  await promisify(execFile)("node_modules/.bin/conformance", ["server", "--url", `${host.origin}/api/mcp`, "--scenario", name, "-o", dir], {
    timeout: 90_000,
  }).catch(() => {});
  const [file] = (await readdir(dir, { recursive: true })).filter((path) => path.endsWith("checks.json"));
  expect(file, `${name} wrote no checks.json`).toBeDefined();

  return JSON.parse(await readFile(join(dir, file!), "utf8")) as Check[];
}

describe("MCP conformance suite, server scenarios", () => {
  it("dns-rebinding-protection: a foreign Host/Origin is refused (4xx), our own loopback name served", async () => {
    const checks = await scenario("dns-rebinding-protection");

    expect(checks.map(({ id, status, errorMessage }) => ({ id, status, errorMessage }))).toEqual([
      { id: "localhost-host-rebinding-rejected", status: "SUCCESS", errorMessage: undefined },
      { id: "localhost-host-valid-accepted", status: "SUCCESS", errorMessage: undefined },
    ]);
  });

  it.each(["server-initialize", "ping", "tools-list"])("%s", async (name) => {
    const checks = await scenario(name);

    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((check) => check.status !== "SUCCESS")).toEqual([]);
  });
});
