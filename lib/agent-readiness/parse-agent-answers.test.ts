import { describe, expect, it } from "vitest";
import { parseStoreJson } from "@/lib/shopify-reader/store-text";
import { keptName, looksLikeHtml, readLlmsHeading, readToolsList, readUcpProfile } from "./parse-agent-answers";
import { NAME_MAX, NAMES_KEPT } from "./schemas";

const tools = (n: number, name = (i: number) => `tool_${i}`) => ({
  jsonrpc: "2.0",
  id: 1,
  result: { tools: Array.from({ length: n }, (_, i) => ({ name: name(i), description: "d" })) },
});

describe("readToolsList: a Storefront MCP tools/list answer", () => {
  it("reads Shopify's answer: its tool names in order", () => {
    const answer = {
      jsonrpc: "2.0",
      id: 1,
      result: {
        tools: [
          { name: "search_shop_catalog", description: "…", inputSchema: { type: "object" } },
          { name: "search_shop_policies_and_faqs" },
          { name: "get_cart" },
          { name: "update_cart" },
          { name: "get_product_details" },
        ],
      },
    };
    expect(readToolsList(answer)).toEqual({
      names: ["search_shop_catalog", "search_shop_policies_and_faqs", "get_cart", "update_cart", "get_product_details"],
      count: 5,
    });
  });

  it("is null for anything but a JSON-RPC 2.0 result with a tools list", () => {
    for (const wrong of [
      null,
      "tools",
      [],
      { jsonrpc: "1.0", result: { tools: [] } },
      { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
      { jsonrpc: "2.0", result: { tools: { name: "x" } } },
      { jsonrpc: "2.0", result: [] },
      { products: [] },
    ]) {
      expect(readToolsList(wrong)).toBeNull();
    }
  });

  it("keeps 50 names of 100 characters at most from 10,000 tools, counting them all, and skips nameless ones", () => {
    const read = readToolsList(tools(10_000, (i) => `${"x".repeat(200)}${i}`));
    expect(read?.count).toBe(10_000);
    expect(read?.names).toHaveLength(NAMES_KEPT);
    expect(read?.names.every((name) => name.length === NAME_MAX && name.endsWith("…"))).toBe(true);
    const odd = { jsonrpc: "2.0", result: { tools: [{ name: 7 }, {}, null, "bare", { name: "" }, { name: "real" }] } };
    expect(readToolsList(odd)).toEqual({ names: ["real"], count: 6 });
  });

  it("keeps no NUL or lone surrogate in a name (the database refuses both)", () => {
    expect(readToolsList(parseStoreJson('{"jsonrpc":"2.0","result":{"tools":[{"name":"a\\u0000b\\ud800c"}]}}'))?.names).toEqual([
      "ab\ufffdc",
    ]);
    expect(keptName("x\0y")).toBe("xy");
  });

  it("looks a fixed depth into deeply nested answers", () => {
    const deep = `{"jsonrpc":"2.0","result":{"tools":[{"name":"deep","inputSchema":${"[".repeat(20_000)}${"]".repeat(20_000)}}]}}`;
    let parsed: unknown = null;
    try {
      parsed = parseStoreJson(deep);
    } catch {
      // A parser that refuses this depth leaves the answer unread (fetchStore: not_json).
    }
    if (parsed) expect(readToolsList(parsed)).toEqual({ names: ["deep"], count: 1 });
  });
});

describe("readUcpProfile", () => {
  it("reads the version and capability names of a keyed profile (UCP 2026-01-23 on)", () => {
    const profile = {
      ucp: {
        version: "2026-04-08",
        services: { "dev.ucp.shopping": [{ version: "2026-04-08", transport: "mcp" }] },
        capabilities: { "dev.ucp.shopping.checkout": [{ version: "2026-04-08" }], "dev.ucp.shopping.catalog": [{}] },
      },
    };
    expect(readUcpProfile(profile)).toEqual({
      version: "2026-04-08",
      names: ["dev.ucp.shopping.checkout", "dev.ucp.shopping.catalog"],
      count: 2,
    });
  });

  it("reads a list of named capabilities (UCP 2026-01-11), and copes without them", () => {
    const listed = { ucp: { version: "2026-01-11", capabilities: [{ name: "dev.ucp.shopping.checkout" }, { version: "x" }] } };
    expect(readUcpProfile(listed)).toEqual({ version: "2026-01-11", names: ["dev.ucp.shopping.checkout"], count: 2 });
    expect(readUcpProfile({ ucp: { version: 3 } })).toEqual({ version: null, names: [], count: 0 });
    expect(readUcpProfile({ version: "2026-01-11" })).toBeNull();
    expect(readUcpProfile([{ ucp: {} }])).toBeNull();
  });

  it("caps a profile declaring thousands of capabilities with long names and a long version", () => {
    const capabilities = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`${"c".repeat(300)}${i}`, []]));
    const read = readUcpProfile({ ucp: { version: "v".repeat(10_000), capabilities } });
    expect(read?.count).toBe(3_000);
    expect(read?.names).toHaveLength(NAMES_KEPT);
    expect(read?.version).toHaveLength(NAME_MAX);
  });
});

describe("readLlmsHeading and looksLikeHtml", () => {
  it("finds the first heading line, without its marks", () => {
    expect(readLlmsHeading("# Laneway Coffee\n\n> Beans\n## Shop\n")).toBe("Laneway Coffee");
    expect(readLlmsHeading("\n\n  ## Docs  \r\nmore")).toBe("Docs");
    expect(readLlmsHeading("no heading here\njust text")).toBeNull();
    expect(readLlmsHeading("#\n# Later")).toBeNull();
    expect(readLlmsHeading("")).toBeNull();
  });

  it("reads a hostile file in bounded time: one endless line, or a heading past the first lines", () => {
    expect(readLlmsHeading(`# ${"t".repeat(60_000)}`)).toHaveLength(NAME_MAX);
    expect(readLlmsHeading(`${"x\n".repeat(30_000)}# Too late`)).toBeNull();
    expect(readLlmsHeading("x".repeat(65_000))).toBeNull();
  });

  it("tells a theme's HTML page from a text file", () => {
    expect(looksLikeHtml("text/html; charset=utf-8", "# Title")).toBe(true);
    expect(looksLikeHtml("text/plain", "  <!DOCTYPE html><html>")).toBe(true);
    expect(looksLikeHtml("text/plain", "# Title\n<html> in a code sample")).toBe(false);
    expect(looksLikeHtml(undefined, "# Title")).toBe(false);
  });
});
