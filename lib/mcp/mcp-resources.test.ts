/**
 * Resources, prompts and the report card app of /api/mcp, through the official MCP client over
 * loopback in both revisions: resources/list pages with cursors through what the caller may read
 * (its own completed reports when it holds a key, the public directory for anyone), resources/read
 * answers the REST endpoints' JSON, the templates are listed, the three prompts name our tools,
 * and the report card is a self-contained MCP App that get_report links in its _meta.
 */
import type { Client } from "@modelcontextprotocol/client";
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from "@modelcontextprotocol/ext-apps/server";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/ext-apps/app-bridge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyHeader, createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { seedChatStore } from "@/testing/chat-store";
import { connectMcp, MCP_REVISIONS, startMcpHost } from "@/testing/mcp-host";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import type { RouteHost } from "@/testing/route-host";
import { callApi } from "@/testing/tracking/api-calls";
import {
  LEGACY_RESOURCE_URI_META_KEY,
  MCP_APP_MIME_TYPE,
  MCP_APP_PROTOCOL_VERSION,
  REPORT_CARD_HTML,
  REPORT_CARD_URI,
} from "./report-card-app";
import { RESOURCES_PER_PAGE } from "./store-resources";

let h: PipelineHarness;
let host: RouteHost;
let owner: { id: string; key: string };
let mine: { jobId: string; slug: string };
let other: { jobId: string; slug: string };
const clients: Client[] = [];

type Listed = { uri: string; mimeType?: string; name: string; _meta?: Record<string, unknown> };

async function client(headers: Record<string, string> = {}, revision: (typeof MCP_REVISIONS)[number] = "2025-11-25") {
  const connected = await connectMcp(host.origin, headers, revision);
  clients.push(connected);

  return connected;
}

/** Every page of resources/list, following nextCursor to the end. */
async function listAll(c: Client): Promise<{ resources: Listed[]; pages: number }> {
  const resources: Listed[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = (await c.request({ method: "resources/list", params: cursor === undefined ? {} : { cursor } })) as {
      resources: Listed[];
      nextCursor?: string;
    };
    resources.push(...(page.resources as Listed[]));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined && pages < 100);

  return { resources, pages };
}

const readJson = async (c: Client, uri: string) => {
  const { contents } = await c.readResource({ uri });
  expect(contents).toHaveLength(1);
  expect(contents[0]).toMatchObject({ uri, mimeType: "application/json" });

  return JSON.parse((contents[0] as { text: string }).text) as Record<string, unknown>;
};

beforeAll(async () => {
  h = await startPipeline();
  host = await startMcpHost();
  const user = await createTestUser();
  owner = { id: user.id, key: (await createTestApiKey(user.id)).key };
  mine = await seedChatStore({
    slug: "resource-mine-test",
    name: "Mine Shop",
    products: [{ title: "Mug", price: "12.00" }],
    userId: owner.id,
  });
  other = await seedChatStore({ slug: "resource-other-test", name: "Other Shop", products: [{ title: "Cup", price: "8.00" }] });
  // Enough stores for the directory to need more than one page.
  for (let i = 0; i < RESOURCES_PER_PAGE; i += 1) {
    await seedChatStore({ slug: `resource-filler-${i}-test`, name: `Filler ${i}`, products: [{ title: "Thing", price: "1.00" }] });
  }
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await host?.close();
  await h?.stop();
});

describe.each(MCP_REVISIONS)("MCP resources, a client of revision %s", (revision) => {
  it("lists the directory's store pages to anyone, a page at a time, and no one's reports", async () => {
    const c = await client({}, revision);
    expect(c.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {}, tools: {} });

    // listResources() without a cursor walks every page itself: the first page, asked for alone.
    const first = (await c.request({ method: "resources/list", params: {} })) as { resources: Listed[]; nextCursor?: string };
    expect(first.resources.length).toBeLessThanOrEqual(RESOURCES_PER_PAGE + 1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const { resources, pages } = await listAll(c);
    expect(pages).toBeGreaterThan(1);
    const uris = resources.map((resource) => resource.uri);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toEqual(expect.arrayContaining([`storelens://stores/${mine.slug}`, `storelens://stores/${other.slug}`, REPORT_CARD_URI]));
    expect(uris.filter((uri) => uri.startsWith("storelens://reports/"))).toEqual([]);
    expect(resources.find((resource) => resource.uri === `storelens://stores/${mine.slug}`)).toMatchObject({
      mimeType: "application/json",
    });
  });

  it("lists a key holder's own completed reports first, and not another's", async () => {
    const { resources } = await listAll(await client(apiKeyHeader(owner.key), revision));
    const reports = resources.filter((resource) => resource.uri.startsWith("storelens://reports/")).map((resource) => resource.uri);

    expect(reports).toEqual([`storelens://reports/${mine.jobId}`]);
    expect(resources.findIndex((resource) => resource.uri === reports[0])).toBeLessThan(
      resources.findIndex((resource) => resource.uri.startsWith("storelens://stores/")),
    );
  });

  it("refuses a cursor it did not write, or one into reports without credentials, with invalid params", async () => {
    const anonymous = await client({}, revision);
    await expect(anonymous.listResources({ cursor: "not-ours" })).rejects.toMatchObject({ code: -32602 });
    // A cursor into the reports part (the shape ours take), sent without credentials, reads nobody's reports.
    const reportsCursor = Buffer.from(JSON.stringify({ part: "reports", page: 1 })).toString("base64url");
    await expect(anonymous.listResources({ cursor: reportsCursor })).rejects.toMatchObject({ code: -32602 });
  });

  it("reads a report and a store page as the REST endpoints answer them", async () => {
    const c = await client({}, revision);

    const report = await readJson(c, `storelens://reports/${other.jobId}`);
    const rest = await callApi(
      "GET",
      "/api/reports/:id",
      {},
      { values: { id: other.jobId }, query: "?products_page=1&products_per_page=50" },
    );
    expect(rest.status).toBe(200);
    expect(report).toEqual(rest.body);
    expect(report).toMatchObject({ job: { id: other.jobId }, store: { slug: other.slug, name: "Other Shop" } });

    const store = await readJson(c, `storelens://stores/${other.slug}`);
    const restStore = await callApi("GET", "/api/stores/:slug", {}, { values: { slug: other.slug } });
    expect(store).toEqual(restStore.body);
  });

  it("answers an unknown report or store as a JSON-RPC error, not a 500", async () => {
    const c = await client({}, revision);

    await expect(c.readResource({ uri: "storelens://reports/00000000-0000-0000-0000-000000000000" })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(c.readResource({ uri: "storelens://stores/no-such-store-test" })).rejects.toMatchObject({ code: -32602 });
  });

  it("lists the two templates", async () => {
    const { resourceTemplates } = await (await client({}, revision)).listResourceTemplates();

    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
      "storelens://reports/{job_id}",
      "storelens://stores/{slug}",
    ]);
  });

  it("offers three prompts whose messages send the model to our tools", async () => {
    const c = await client({}, revision);
    const { prompts } = await c.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(["analyze_store_summary", "compare_stores", "store_changes"]);
    expect(prompts.find((prompt) => prompt.name === "compare_stores")?.arguments?.map((arg) => arg.name)).toEqual(["first", "second"]);

    const text = async (name: string, args: Record<string, string>) => {
      const { messages } = await c.getPrompt({ name, arguments: args });
      expect(messages).toHaveLength(1);

      return (messages[0]!.content as { text: string }).text;
    };
    const summary = await text("analyze_store_summary", { domain: "allbirds.com" });
    expect(summary).toContain('"allbirds.com"');
    expect(summary).toMatch(/analyze_store[\s\S]*get_report/);
    expect(await text("compare_stores", { first: "a.com", second: "b-com" })).toMatch(/"a\.com"[\s\S]*"b-com"[\s\S]*get_report/);
    expect(await text("store_changes", { store: "allbirds-com" })).toMatch(/get_store_timeline[\s\S]*get_changelog/);
    await expect(c.getPrompt({ name: "compare_stores", arguments: { first: "a.com" } })).rejects.toMatchObject({ code: -32602 });
  });

  it("serves the report card as an MCP App, linked from get_report's _meta", async () => {
    const c = await client({}, revision);
    const { resources } = await c.listResources();
    expect(resources.find((resource) => resource.uri === REPORT_CARD_URI)).toMatchObject({ mimeType: RESOURCE_MIME_TYPE });

    const { contents } = await c.readResource({ uri: REPORT_CARD_URI });
    expect(contents[0]).toMatchObject({ uri: REPORT_CARD_URI, mimeType: RESOURCE_MIME_TYPE, text: REPORT_CARD_HTML });
    const csp = (contents[0]!._meta as { ui: { csp: { resourceDomains: string[] } } }).ui.csp;
    expect(csp.resourceDomains).toEqual([new URL(process.env.BASE_URL!).origin]);

    const { tools } = await c.listTools();
    const meta = tools.find((tool) => tool.name === "get_report")?._meta;
    expect(meta).toMatchObject({ ui: { resourceUri: REPORT_CARD_URI }, [RESOURCE_URI_META_KEY]: REPORT_CARD_URI });
    // A host without the extension still gets the typed result.
    expect(tools.find((tool) => tool.name === "get_report")?.outputSchema).toBeDefined();
    expect(tools.filter((tool) => tool._meta?.ui !== undefined).map((tool) => tool.name)).toEqual(["get_report"]);
  });
});

describe("the report card's HTML", () => {
  it("uses the extension's constants", () => {
    expect(MCP_APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    expect(LEGACY_RESOURCE_URI_META_KEY).toBe(RESOURCE_URI_META_KEY);
    expect(MCP_APP_PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
  });

  it("is self-contained: no URL, no external script, style or image", () => {
    expect(REPORT_CARD_HTML).not.toMatch(/[a-z][a-z0-9+.-]*:\/\//i);
    expect(REPORT_CARD_HTML).not.toMatch(/<script[^>]*\ssrc=|<link\b|@import|\ssrc=["']|\shref=/i);
    expect(REPORT_CARD_HTML).not.toMatch(/\burl\(/);
    expect(REPORT_CARD_HTML).toContain("ui/initialize");
    expect(REPORT_CARD_HTML).toContain("ui/notifications/tool-result");
    // Store text goes in as text, never as markup.
    expect(REPORT_CARD_HTML).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    expect(Buffer.byteLength(REPORT_CARD_HTML)).toBeLessThan(10_000);
  });
});
