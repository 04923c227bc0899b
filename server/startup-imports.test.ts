import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";

// Idle memory (docs/benchmarks.md: ≤ 250 MB on PGlite) depends on what the custom server loads
// before its first request. These packages cost tens of MB each and serve only some requests
// (a paid job, a storefront parse), so they are imported where used, never at start-up.
const LOADED_ON_FIRST_USE = [
  /^x402(\/|$)/,
  /^@x402\//,
  /^cheerio/,
  /^htmlparser2/,
  /^@modelcontextprotocol\//,
  /^mcp-handler/,
  /^stripe/,
  /^ai$/,
];

/** The packages the compiled server imports statically at start (server.ts and what it awaits first). */
async function startupPackages(): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: ["server.ts"],
    bundle: true,
    splitting: true,
    outdir: "/nonexistent",
    write: false,
    format: "esm",
    platform: "node",
    packages: "external",
    metafile: true,
    tsconfig: "tsconfig.json",
    logLevel: "error",
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => /(^|\/)server\.js$/.test(file))!;
  // server.ts checks the settings, then awaits the real start: that first dynamic import counts.
  const pending = [entry, ...outputs[entry]!.imports.filter((i) => i.kind === "dynamic-import" && !i.external).map((i) => i.path)];
  const seen = new Set<string>();
  const packages = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of outputs[file]!.imports) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) packages.add(imported.path);
      else pending.push(imported.path);
    }
  }

  return [...packages];
}

describe("the custom server's start-up", () => {
  it("loads the packages of paid jobs, storefront parsing, MCP, Stripe and the chat model on first use only", async () => {
    const packages = await startupPackages();
    expect(packages).toContain("next");
    expect(packages.filter((name) => LOADED_ON_FIRST_USE.some((pattern) => pattern.test(name)))).toEqual([]);
  });
});
