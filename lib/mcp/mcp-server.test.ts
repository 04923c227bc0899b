/**
 * The MCP server at /api/mcp, through the official MCP client over loopback: it lists the
 * registry's tools, every read tool answers what its HTTP endpoint answers, analyze_store
 * admits a job for an API key holder (and get_job_status reads it) or answers the x402 v2
 * PaymentRequired to a caller without one (paying inside MCP: mcp-payment.test.ts), tracked-shop tools are the key holder's
 * own, a bad key is refused, and malformed input gets JSON-RPC errors, never a 500.
 */
import type { Client } from "@modelcontextprotocol/client";
import Ajv2020 from "ajv/dist/2020";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { raiseAlerts } from "@/lib/alerts";
import { STORE_TOOLS } from "@/lib/tools";
import {
  apiKeyHeader,
  createTestApiKey,
  createTestSession,
  createTestUser,
  malformedApiKey,
  sessionCookieHeader,
} from "@/testing/auth/fixtures";
import { seedChatStore, trackStore } from "@/testing/chat-store";
import { generatedStore } from "@/testing/fake-store";
import { connectMcp, MCP_REVISIONS, startMcpHost, toolJson, type McpRevision } from "@/testing/mcp-host";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import type { RouteHost } from "@/testing/route-host";
import { callApi } from "@/testing/tracking/api-calls";

const PAY_TO = "0x3333333333333333333333333333333333333333";
let h: PipelineHarness;
let host: RouteHost;
let owner: { id: string; key: string };
let stranger: { id: string; key: string };
let seeded: { storeId: string; jobId: string; slug: string };
const clients: Client[] = [];
/** The revision the running block's clients speak. */
let revision: McpRevision = "2025-11-25";
/** A store name unique to the running block: both blocks analyze their own stores. */
const domain = (name: string) => `${name}-${revision.slice(0, 4)}.test`;

async function client(headers: Record<string, string> = {}) {
  const connected = await connectMcp(host.origin, headers, revision);
  clients.push(connected);

  return connected;
}

const call = async <T = Record<string, unknown>>(c: Client, name: string, args: Record<string, unknown> = {}) =>
  toolJson<T>(await c.callTool({ name, arguments: args }));

const rawPost = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${host.origin}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  });

beforeAll(async () => {
  h = await startPipeline({ X402_PAY_TO: PAY_TO });
  for (const year of ["2025", "2026"]) {
    h.fakeStore.addStore(generatedStore(`new-shop-${year}.test`, { products: 5, seed: 3 }));
    h.fakeStore.addStore(generatedStore(`typed-shop-${year}.test`, { products: 3, seed: 5 }));
  }
  const strangerUser = await createTestUser();
  stranger = { id: strangerUser.id, key: (await createTestApiKey(strangerUser.id)).key };
  seeded = await seedChatStore({
    slug: "mcp-shop-test",
    name: "MCP Shop",
    products: [
      { title: "Blue Mug", price: "24.50" },
      { title: "Teapot", price: "48.00" },
      { title: "Saucer", price: "6.00" },
    ],
    apps: [{ slug: "klaviyo", name: "Klaviyo", category: "marketing" }],
    changes: [
      { subject: "price", change: "changed", title: "Blue Mug" },
      { subject: "product", change: "added", title: "Saucer" },
    ],
  });
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await h?.stop();
  delete process.env.X402_PAY_TO;
  resetEnvCache();
});

describe.each(MCP_REVISIONS)("MCP server /api/mcp, a client of revision %s", (spoken) => {
  beforeAll(async () => {
    revision = spoken;
    // A host per block: the oversized message the last test sends must not leave a connection
    // the next block's client would pick up from the pool.
    host = await startMcpHost();
    // An owner per block: the Free plan's monthly jobs are counted per account.
    const ownerUser = await createTestUser();
    owner = { id: ownerUser.id, key: (await createTestApiKey(ownerUser.id)).key };
    await trackStore(owner.id, seeded.storeId);
  });

  afterAll(async () => {
    await host.close();
  });

  it("speaks the revision the client asked for", async () => {
    const c = await client();

    expect(c.getNegotiatedProtocolVersion()).toBe(spoken);
    expect(c.getServerVersion()).toMatchObject({ name: "storelens" });
    expect(c.getServerCapabilities()).toMatchObject({ tools: {} });
  });

  it("lists every tool of the registry with its input schema", async () => {
    const { tools } = await (await client()).listTools();

    expect(tools.map((tool) => tool.name).sort()).toEqual(STORE_TOOLS.map((tool) => tool.name).sort());
    const getReport = tools.find((tool) => tool.name === "get_report")!;
    expect(getReport.inputSchema).toMatchObject({ type: "object", properties: { id: { type: "string" }, page: {}, per_page: {} } });
    expect(tools.find((tool) => tool.name === "analyze_store")?.annotations?.readOnlyHint).toBe(false);
  });

  it("every tool says what a call does: a title and all four hints, true of it", async () => {
    const { tools } = await (await client()).listTools();
    const hints = (name: string) => tools.find((tool) => tool.name === name)?.annotations;
    const read = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };

    for (const tool of tools) {
      expect(tool.title, tool.name).toBe(STORE_TOOLS.find((t) => t.name === tool.name)?.title);
      for (const hint of ["readOnlyHint", "idempotentHint", "destructiveHint", "openWorldHint"] as const) {
        expect(typeof tool.annotations?.[hint], `${tool.name} ${hint}`).toBe("boolean");
      }
    }
    // An analysis admits (and charges) a new job on each call and fetches a store from the internet.
    expect(hints("analyze_store")).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
      destructiveHint: false,
      openWorldHint: true,
    });
    // A batch admits (and charges) a job per store on each call, like analyze_store.
    expect(hints("analyze_batch")).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
      destructiveHint: false,
      openWorldHint: true,
    });
    // Marking alerts read changes only the caller's own read marks, the same however often.
    expect(hints("mark_alerts_read")).toMatchObject({
      readOnlyHint: false,
      idempotentHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
    for (const tool of tools.filter((t) => !["analyze_store", "analyze_batch", "mark_alerts_read"].includes(t.name))) {
      expect(hints(tool.name), tool.name).toMatchObject(read);
    }
  });

  it("every tool's structured content validates against its outputSchema, and its text is the same JSON", async () => {
    const { tools } = await (await client()).listTools();
    const byKey = await client(apiKeyHeader(owner.key));
    const bySession = await client(sessionCookieHeader(await createTestSession(owner.id)));
    // The batches are another account's: the owner's Free quota stays for the analyses the other tests count.
    const batcherUser = await createTestUser();
    const batcher = { key: (await createTestApiKey(batcherUser.id)).key, session: await createTestSession(batcherUser.id) };
    const batch = await callApi<{ batch: { id: string } }>(
      "POST",
      "/api/batches",
      { apiKey: batcher.key },
      { body: { domains: [domain("typed-shop")] } },
    );
    expect(batch.status).toBe(201);
    const byBatcher = await client(apiKeyHeader(batcher.key));
    const byBatcherSession = await client(sessionCookieHeader(batcher.session));
    const list = await callApi("POST", "/api/lists", { apiKey: owner.key }, { body: { name: "Typed", stores: ["mcp-shop-test"] } });
    const listId = (list.body as { id: string }).id;
    // A valid call of each tool, by a caller it admits; a tool without one here fails the test.
    const calls: Record<string, [Client, Record<string, unknown>]> = {
      search_stores: [bySession, { q: "MCP Shop" }],
      get_store: [bySession, { slug: "mcp-shop-test", per_page: 2 }],
      get_store_timeline: [bySession, { slug: "mcp-shop-test" }],
      get_report: [bySession, { id: seeded.jobId, per_page: 2 }],
      get_changelog: [bySession, { job_id: seeded.jobId }],
      list_apps: [bySession, {}],
      get_app: [bySession, { name: "klaviyo" }],
      get_theme: [bySession, { slug: "dawn" }],
      analyze_store: [byKey, { domain: domain("typed-shop") }],
      get_job_status: [bySession, { id: seeded.jobId }],
      analyze_batch: [byBatcher, { domains: [domain("typed-shop")] }],
      get_batch: [byBatcherSession, { id: batch.body.batch.id }],
      list_tracked_stores: [byKey, {}],
      get_store_inventory: [bySession, { slug: "mcp-shop-test" }],
      get_store_analytics: [bySession, { slug: "mcp-shop-test" }],
      compare_snapshots: [bySession, { slug: "mcp-shop-test", from: seeded.jobId, to: seeded.jobId }],
      list_catalog_events: [bySession, { slug: "mcp-shop-test" }],
      list_alerts: [byKey, { unread: true }],
      mark_alerts_read: [byKey, { all: true }],
      list_lists: [byKey, {}],
      get_list: [bySession, { id: listId }],
      get_list_changes: [byKey, { id: listId }],
    };
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(calls).sort());
    for (const tool of tools) {
      const [caller, args] = calls[tool.name]!;
      const result = await caller.callTool({ name: tool.name, arguments: args });
      const [text] = result.content as { type: string; text: string }[];

      expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
      expect(result.isError ?? false, `${tool.name}: ${text?.text}`).toBe(false);
      // The listed schema is the answer or a tool error (register-store-tools.ts): a success is held to the answer's branch.
      const [answer] = (tool.outputSchema as { anyOf: Record<string, unknown>[] }).anyOf;
      const validate = ajv.compile(answer!);
      expect(validate(result.structuredContent) ? [] : validate.errors, tool.name).toEqual([]);
      expect(ajv.validate(tool.outputSchema!, result.structuredContent), tool.name).toBe(true);
      expect(text?.type, tool.name).toBe("text");
      expect(JSON.parse(text!.text), tool.name).toEqual(result.structuredContent);
    }
    // The schema is no formality: it requires what the answer always carries, and admits no field it does not name.
    const report = tools.find((tool) => tool.name === "get_report")!;
    const reportPage = (await bySession.callTool({ name: "get_report", arguments: { id: seeded.jobId } })).structuredContent as Record<
      string,
      unknown
    >;
    const { products_pagination: _pagination, ...withoutPagination } = reportPage;
    expect(ajv.validate(report.outputSchema!, withoutPagination)).toBe(false);
    expect(ajv.validate(report.outputSchema!, { ...reportPage, extra: 1 })).toBe(false);

    const analyzed = (await byKey.callTool({ name: "get_job_status", arguments: { id: seeded.jobId } })).structuredContent as {
      id: string;
    };
    expect(analyzed.id).toBe(seeded.jobId);
    const typedJob = await callApi("GET", "/api/jobs", {}, { query: `?domain=${domain("typed-shop")}` });
    await h.waitForJob((typedJob.body as { job: { id: string } }).job.id);
  });

  it("each read tool answers what its HTTP endpoint answers", async () => {
    const c = await client();
    const cases: [string, Record<string, unknown>, string, Record<string, string>, string][] = [
      ["search_stores", { q: "MCP Shop" }, "/api/stores", {}, "?q=MCP+Shop"],
      ["get_theme", { slug: "dawn" }, "/api/themes/:slug", { slug: "dawn" }, ""],
      ["get_store", { slug: "mcp-shop-test", per_page: 2 }, "/api/stores/:slug", { slug: "mcp-shop-test" }, "?per_page=2"],
      ["get_changelog", { job_id: seeded.jobId }, "/api/changelog/:jobId", { jobId: seeded.jobId }, ""],
      [
        "get_store_timeline",
        { slug: "mcp-shop-test", per_page: 5 },
        "/api/stores/:slug/timeline",
        { slug: "mcp-shop-test" },
        "?per_page=5",
      ],
      [
        "get_report",
        { id: "mcp-shop-test", page: 2, per_page: 1 },
        "/api/reports/:id",
        { id: "mcp-shop-test" },
        "?products_page=2&products_per_page=1",
      ],
      ["list_apps", { q: "klav" }, "/api/apps", {}, "?q=klav"],
      ["get_app", { name: "klaviyo" }, "/api/apps/:name", { name: "klaviyo" }, ""],
      ["get_job_status", { id: seeded.jobId }, "/api/jobs/:id/status", { id: seeded.jobId }, ""],
    ];
    for (const [tool, args, path, values, query] of cases) {
      const mcp = await call(c, tool, args);
      const http = await callApi("GET", path, {}, { values, query });

      expect(mcp.isError, `${tool}: ${JSON.stringify(mcp.body)}`).toBe(false);
      expect(http.status).toBe(200);
      expect(mcp.body, tool).toEqual(http.body);
    }

    const directory = await call<{ data: { slug: string }[] }>(c, "search_stores", { q: "MCP Shop" });
    expect(directory.body.data.map((store) => store.slug)).toContain("mcp-shop-test");
    const changelog = await call<{ data: { title: string }[]; pagination: { total: number } }>(c, "get_changelog", {
      job_id: seeded.jobId,
    });
    expect(changelog.body.pagination.total).toBe(2);
    const report = await call<{ products: { title: string }[]; products_pagination: { total: number; page: number } }>(c, "get_report", {
      id: seeded.jobId,
      per_page: 2,
    });
    expect(report.body.products).toHaveLength(2);
    expect(report.body.products_pagination).toMatchObject({ total: 3, page: 1 });
  });

  it("search_stores finds stores by app and agent readiness together, and refuses a filter value the endpoint refuses", async () => {
    await getDb()
      .update(stores)
      .set({ agentReadiness: ["storefront_mcp"], tagKinds: ["meta-pixel"] })
      .where(eq(stores.id, seeded.storeId));
    const c = await client();
    const slugs = async (args: Record<string, unknown>) =>
      (await call<{ data: { slug: string }[] }>(c, "search_stores", args)).body.data.map((store) => store.slug);

    expect(await slugs({ app: "klaviyo", agent: "storefront_mcp", tag: "meta-pixel" })).toEqual(["mcp-shop-test"]);
    expect(await slugs({ app: "klaviyo", agent: "ucp" })).toEqual([]);
    const http = await callApi("GET", "/api/stores", {}, { query: "?app=klaviyo&agent=storefront_mcp" });
    expect((await call(c, "search_stores", { app: "klaviyo", agent: "storefront_mcp" })).body).toEqual(http.body);
    // The input schema is the endpoint's: the MCP server refuses the value before the tool runs.
    expect((await call(c, "search_stores", { agent: "mcp" })).isError).toBe(true);
    // A segment: apps all of and none of, a product range; the same answer as the endpoint's.
    const segment = { app: "klaviyo", app_none: "no-such-app", products_min: 1, products_max: 2000 };
    expect(await slugs(segment)).toEqual(["mcp-shop-test"]);
    expect(await slugs({ ...segment, app_none: "klaviyo" })).toEqual([]);
    const httpSegment = await callApi(
      "GET",
      "/api/stores",
      {},
      { query: "?app=klaviyo&app_none=no-such-app&products_min=1&products_max=2000" },
    );
    expect((await call(c, "search_stores", segment)).body).toEqual(httpSegment.body);
  });

  it("a store that does not exist is a tool error with the endpoint's 404 body", async () => {
    const missing = await call(await client(), "get_store", { slug: "no-such-store" });

    expect(missing.isError).toBe(true);
    expect(missing.body).toMatchObject({ code: "not_found", status: 404 });
  });

  it("a NUL or a lone surrogate in a tool's arguments is refused as invalid input before any query, and admits no job", async () => {
    const c = await client(apiKeyHeader(owner.key));
    for (const [name, args] of [
      ["search_stores", { q: "\u0000" }],
      ["search_stores", { q: "mcp shop\uD800" }],
      ["get_app", { name: "klaviyo\u0000" }],
      ["analyze_store", { domain: "nul\u0000.test" }],
      ["analyze_store", { domain: "surrogate.test", webhook_url: "https://example.com/\uDC00" }],
    ] as const) {
      const answer = await call(c, name, args);
      expect(answer, `${name} ${JSON.stringify(args)}`).toMatchObject({ isError: true, body: { code: "invalid_request", status: 400 } });
    }
    // A slug is lower-case letters, digits and dashes: the schema refuses these before the tool runs.
    for (const slug of ["\u0000", "mcp-shop-test\uD800"]) {
      const refused = await c.callTool({ name: "get_store", arguments: { slug } }).then(
        (result) => toolJson(result).isError,
        (error: { code?: number }) => error.code === -32602,
      );
      expect(refused, JSON.stringify(slug)).toBe(true);
    }
    // The app directory decodes an app's name itself: an escaped NUL names no app.
    expect(await call(c, "get_app", { name: "%00" })).toMatchObject({ isError: true, body: { code: "not_found", status: 404 } });
    expect(await getDb().$count(jobs, like(jobs.domain, "%surrogate.test"))).toBe(0);
  });

  it("refuses a message whose bytes are not UTF-8 with 400", async () => {
    const message = Buffer.from(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_store", arguments: { slug: "caf_" } } }),
    );
    message[message.indexOf("caf_") + 3] = 0xff;
    const response = await fetch(`${host.origin}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: message,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid_request" });
  });

  it("analyze_store with an API key admits a job charged to the account; get_job_status reads it", async () => {
    const c = await client({ authorization: `Bearer ${owner.key}` });
    const submitted = await call<{ job: { id: string; domain: string; status: string } }>(c, "analyze_store", {
      domain: `https://${domain("New-Shop")}/`,
    });

    expect(submitted.isError, JSON.stringify(submitted.body)).toBe(false);
    expect(submitted.body.job.domain).toBe(domain("new-shop"));
    const admitted = await getDb().select().from(jobs).where(eq(jobs.id, submitted.body.job.id));
    expect(admitted[0]).toMatchObject({ userId: owner.id, paymentMethod: "plan" });

    await h.waitForJob(submitted.body.job.id);
    const status = await call<{ id: string; status: string; progress: number }>(c, "get_job_status", { id: submitted.body.job.id });
    expect(status.body).toMatchObject({ id: submitted.body.job.id, status: "completed" });
    const http = await callApi("GET", "/api/jobs/:id/status", {}, { values: { id: submitted.body.job.id } });
    expect(status.body).toEqual(http.body);
  });

  it("analyze_store without a key answers the x402 v2 PaymentRequired (payable inside MCP), and admits nothing", async () => {
    const answer = await call<{
      code: string;
      status: number;
      x402Version: number;
      resource: { url: string };
      accepts: { payTo: string; amount: string; network: string }[];
    }>(await client(), "analyze_store", { domain: "unpaid-shop.test" });

    expect(answer.isError).toBe(true);
    expect(answer.body).toMatchObject({ code: "payment_required", status: 402, x402Version: 2 });
    expect(answer.body.resource.url).toBe("http://localhost:3000/api/mcp");
    expect(answer.body.accepts[0]).toMatchObject({ payTo: PAY_TO, network: "eip155:8453" });
    const job = await callApi("GET", "/api/jobs", {}, { query: "?domain=unpaid-shop.test" });
    expect(job.status).toBe(404);
  });

  it("refuses a JSON-RPC batch as a whole: one request is one message, counted once by the IP cooldown", async () => {
    const list = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "analyze_store", arguments: { domain: `batched-${id}.test` } },
    });
    const response = await rawPost(JSON.stringify([list(1), list(2), list(3)]), apiKeyHeader(owner.key));

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(await getDb().$count(jobs, like(jobs.domain, "batched-%"))).toBe(0);
  });

  it("tracked-shop tools: the access matrix's rows — list by key, detail by session only; another user's shop is not found", async () => {
    const anonymous = await client();
    for (const [tool, args] of [
      ["list_tracked_stores", {}],
      ["get_store_inventory", { slug: "mcp-shop-test" }],
      ["get_store_analytics", { slug: "mcp-shop-test" }],
    ] as const) {
      const refused = await call(anonymous, tool, args);
      expect(refused.isError, tool).toBe(true);
      expect(refused.body, tool).toMatchObject({ code: "unauthorized", status: 401 });
    }

    const mineByKey = await client(apiKeyHeader(owner.key));
    const list = await call<{ data: { slug: string }[] }>(mineByKey, "list_tracked_stores");
    expect(list.body.data.map((shop) => shop.slug)).toEqual(["mcp-shop-test"]);
    // GET /api/store-detail/* takes no API key (session only: docs/decisions.md §8.1), so neither do its tools.
    for (const tool of ["get_store_inventory", "get_store_analytics", "compare_snapshots"]) {
      const refused = await call(mineByKey, tool, { slug: "mcp-shop-test" });
      expect(refused.isError, tool).toBe(true);
      expect(refused.body, tool).toMatchObject({ code: "forbidden", status: 403 });
    }

    const mine = await client(sessionCookieHeader(await createTestSession(owner.id)));
    const inventory = await call<{ total_inventory: number; snapshots: number }>(mine, "get_store_inventory", { slug: "mcp-shop-test" });
    expect(inventory.isError).toBe(false);
    expect(inventory.body).toMatchObject({ total_inventory: 0, snapshots: 1 });
    expect((await call(mine, "get_store_analytics", { slug: "mcp-shop-test" })).body).toMatchObject({ store: { slug: "mcp-shop-test" } });

    const theirs = await client(sessionCookieHeader(await createTestSession(stranger.id)));
    expect((await call<{ data: unknown[] }>(theirs, "list_tracked_stores")).body.data).toEqual([]);
    for (const tool of ["get_store_inventory", "get_store_analytics", "compare_snapshots"]) {
      const refused = await call(theirs, tool, { slug: "mcp-shop-test" });
      expect(refused.isError, tool).toBe(true);
      expect(refused.body, tool).toMatchObject({ code: "not_found", status: 404 });
    }
  });

  it("list tools: the caller's own lists as GET /api/lists/:id answers them, another user's a 404", async () => {
    const made = await callApi<{ id: string }>(
      "POST",
      "/api/lists",
      { apiKey: owner.key },
      { body: { name: "Parity", stores: ["mcp-shop-test"] } },
    );
    const mine = await client(apiKeyHeader(owner.key));
    const tool = await call<{ stores: { slug: string }[] }>(mine, "get_list", { id: made.body.id });
    const http = await callApi("GET", "/api/lists/:id", { apiKey: owner.key }, { values: { id: made.body.id } });
    expect(tool.body).toEqual(http.body);
    expect(tool.body.stores.map((store) => store.slug)).toEqual(["mcp-shop-test"]);

    const theirs = await client(apiKeyHeader(stranger.key));
    expect((await call(theirs, "get_list", { id: made.body.id })).body).toMatchObject({ code: "not_found", status: 404 });
    expect((await call(theirs, "get_list_changes", { id: made.body.id })).body).toMatchObject({ code: "not_found", status: 404 });
  });

  it("alert tools: the caller's own feed, as GET /api/alerts answers it, marked read as POST /api/alerts/read does", async () => {
    await raiseAlerts(seeded.storeId, [
      {
        kind: "theme_changed",
        subject: { type: "theme", id: `theme-${revision}`, title: "Sense" },
        before: "Dawn 15.0.0",
        after: "Sense 15.2.0",
        occurredAt: new Date(),
        evidence: { jobId: seeded.jobId },
      },
    ]);
    const mine = await client(apiKeyHeader(owner.key));
    const feed = await call<{ unread: number; data: { id: string; kind: string }[] }>(mine, "list_alerts", { store: "mcp-shop-test" });
    const http = await callApi("GET", "/api/alerts", { apiKey: owner.key }, { query: "?store=mcp-shop-test" });
    expect(feed.isError, JSON.stringify(feed.body)).toBe(false);
    expect(feed.body).toEqual(http.body);
    expect(feed.body.unread).toBe(1);
    expect(feed.body.data.map((alert) => alert.kind)).toEqual(["theme_changed"]);

    const theirs = await client(apiKeyHeader(stranger.key));
    expect((await call<{ data: unknown[] }>(theirs, "list_alerts")).body.data).toEqual([]);
    // Another user's alert id marks nothing.
    expect((await call(theirs, "mark_alerts_read", { ids: [feed.body.data[0]!.id] })).body).toEqual({ marked: 0, unread: 0 });
    expect((await call(await client(), "list_alerts")).body).toMatchObject({ code: "unauthorized", status: 401 });
    // Both at once is refused, by the SDK (JSON-RPC -32602) or as a tool error: never run.
    const both = await mine.callTool({ name: "mark_alerts_read", arguments: { ids: [feed.body.data[0]!.id], all: true } }).then(
      (result) => toolJson(result).isError,
      (error: { code?: number }) => error.code === -32602,
    );
    expect(both).toBe(true);

    expect((await call(mine, "mark_alerts_read", { ids: [feed.body.data[0]!.id] })).body).toEqual({ marked: 1, unread: 0 });
    expect((await callApi("GET", "/api/alerts", { apiKey: owner.key }, { query: "?unread=true" })).body).toMatchObject({
      data: [],
      unread: 0,
    });
  });

  it("a bad or revoked-shaped API key is refused before any tool runs", async () => {
    await expect(connectMcp(host.origin, apiKeyHeader(malformedApiKey()), revision)).rejects.toThrow();
    const response = await rawPost(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), {
      authorization: `Bearer sl_${"x".repeat(43)}`,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized" });
  });

  it("malformed input gets JSON-RPC errors, never a 500", async () => {
    const notJson = await rawPost("{not json");
    expect(notJson.status).toBeLessThan(500);
    expect(await notJson.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });

    const notRpc = await rawPost(JSON.stringify({ hello: "world" }));
    expect(notRpc.status).toBeLessThan(500);
    expect(((await notRpc.json()) as { error: { code: number } }).error.code).toBeLessThan(-32000);

    const c = await client();
    for (const args of [{ slug: 42 }, { slug: "mcp-shop-test", store: "other-shop" }, { slug: "mcp-shop-test", per_page: 5000 }]) {
      const outcome = await c.callTool({ name: "get_store", arguments: args }).then(
        (result) => ({ rpcError: null, result }),
        (error: { code?: number }) => ({ rpcError: error.code ?? null, result: null }),
      );
      // Refused as invalid params, by the SDK (JSON-RPC -32602) or as a tool error: never run.
      if (outcome.result) expect(toolJson(outcome.result)).toMatchObject({ isError: true });
      else expect(outcome.rpcError).toBe(-32602);
    }
    const unknownTool = await c.callTool({ name: "drop_tables", arguments: {} }).then(
      (result) => toolJson(result).isError,
      () => true,
    );
    expect(unknownTool).toBe(true);

    const tooBig = await rawPost(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(1_100_000) } }));
    expect(tooBig.status).toBe(413);
  });
});
