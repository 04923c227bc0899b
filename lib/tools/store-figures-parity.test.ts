/**
 * One store, three doors, the same figures: a tracked store analyzed four times by the real
 * pipeline (sales, restocks, price changes, a product added between snapshots), then read
 * through the HTTP endpoints, the MCP tools and the chat's tools. Inventory totals, units
 * sold and daily sales, the snapshot comparison, the changelog and the analytics agree,
 * because all three call the same domain functions (lib/tools).
 */
import type { Client } from "@modelcontextprotocol/client";
import type { ToolExecutionOptions, ToolSet } from "ai";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { resolvePrincipal } from "@/lib/auth/principal";
import { resolveChatScope } from "@/lib/chat/chat-scope";
import { buildChatTools } from "@/lib/chat/chat-tools";
import { installTimeSource } from "@/lib/time-of-record";
import { createTestSession, sessionCookieHeader } from "@/testing/auth/fixtures";
import { generatedStore } from "@/testing/fake-store";
import { connectMcp, startMcpHost, toolJson } from "@/testing/mcp-host";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import type { RouteHost } from "@/testing/route-host";
import { callApi, type Caller } from "@/testing/tracking/api-calls";

const DAY = 86_400_000;
const SLUG = "parity-test";
let h: PipelineHarness;
let host: RouteHost;
let virtualNow = Date.now();
let session: Caller;
let latestJobId = "";
const clients: Client[] = [];

async function mcpClient(headers: Record<string, string> = {}) {
  const client = await connectMcp(host.origin, headers);
  clients.push(client);

  return client;
}

type Figure = { basis: string; case: string; value: number | null; range: { low: number; high: number }; confidence: string };
type Inventory = {
  snapshots: number;
  total_inventory: number;
  units_sold_30d: Figure & { sale_events: number };
  estimated_daily_sales: Figure;
  top_sellers: { title: string | null; units_sold: Figure }[];
  recent_restocks: { units: number | null; occurred_at: string }[];
};
type Totals = { added: number; removed: number; changed: number };
type Comparison = { categories: Record<string, { totals: Totals }> };
type Changelog = { data: { title: string | null; subject: string; change: string }[]; pagination: { total: number } };

const figure = ({ basis, case: kind, value, range, confidence }: Figure) => ({ basis, case: kind, value, range, confidence });

async function chatTools(): Promise<ToolSet> {
  const principal = await resolvePrincipal(new Request("http://localhost:3000/api/chat", { headers: { "x-api-key": h.apiKey } }));
  const scope = await resolveChatScope({ slug: SLUG, userId: h.userId });

  return buildChatTools(scope, { principal });
}

async function runChatTool<T>(tools: ToolSet, name: string, input: Record<string, unknown> = {}): Promise<T> {
  const options = { toolCallId: `call-${name}`, messages: [] } as unknown as ToolExecutionOptions<never>;

  return (await tools[name]!.execute!(input, options)) as T;
}

beforeAll(async () => {
  h = await startPipeline();
  installTimeSource(() => new Date(virtualNow));
  host = await startMcpHost();
  session = { cookie: await createTestSession(h.userId) };
  h.fakeStore.addStore(generatedStore("parity.test", { products: 30, seed: 21, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));

  // Tracking starts the first analysis; three more days, each changed and analyzed again.
  const tracked = await callApi<{ shop: { slug: string; latest_job: { id: string } | null } }>(
    "POST",
    "/api/shops",
    { apiKey: h.apiKey },
    { body: { domain: "parity.test" } },
  );
  expect(tracked.status).toBe(201);
  const [first] = await getDb().select({ jobId: stores.latestJobId }).from(stores).where(eq(stores.slug, SLUG));
  if (first?.jobId) await h.waitForJob(first.jobId);
  for (let day = 1; day <= 3; day++) {
    virtualNow += DAY;
    h.fakeStore.store("parity.test").advance({ minutes: 24 * 60, dailySales: true, priceChanges: 2, addProducts: day === 2 ? 1 : 0 });
    const response = await h.submit({ domain: "parity.test" });
    expect(response.status).toBe(201);
    const { job } = (await response.json()) as { job: { id: string } };
    expect((await h.waitForJob(job.id, 120_000)).status).toBe("completed");
    latestJobId = job.id;
  }
}, 300_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  installTimeSource(null);
  await host?.close();
  await h?.stop();
});

describe("the same store through HTTP, MCP and the chat", () => {
  it("inventory: total_inventory, units sold and daily sales are one set of figures", async () => {
    const http = await callApi<Inventory>("GET", "/api/store-detail/:slug/inventory", session, { values: { slug: SLUG } });
    expect(http.status).toBe(200);
    expect(http.body.snapshots).toBe(4);
    expect(http.body.units_sold_30d.value).toBeGreaterThan(0);
    expect(http.body.total_inventory).toBeGreaterThan(0);

    const viaMcp = toolJson<Inventory>(
      await (await mcpClient(sessionCookieHeader(session.cookie!))).callTool({ name: "get_store_inventory", arguments: { slug: SLUG } }),
    );
    expect(viaMcp.isError).toBe(false);
    expect(viaMcp.body).toEqual(http.body);

    const chat = await runChatTool<Inventory>(await chatTools(), "get_store_inventory");
    expect(chat.total_inventory).toBe(http.body.total_inventory);
    expect(chat.units_sold_30d).toEqual({ ...figure(http.body.units_sold_30d), sale_events: http.body.units_sold_30d.sale_events });
    expect(chat.estimated_daily_sales).toEqual(figure(http.body.estimated_daily_sales));
    expect(chat.top_sellers.map((seller) => seller.units_sold)).toEqual(
      http.body.top_sellers.slice(0, 5).map((seller) => figure(seller.units_sold)),
    );
    expect(chat.recent_restocks.map((restock) => restock.units)).toEqual(http.body.recent_restocks.map((restock) => restock.units));
  });

  it("compare: the same totals per category", async () => {
    const http = await callApi<Comparison>("GET", "/api/store-detail/:slug/compare", session, { values: { slug: SLUG } });
    expect(http.status).toBe(200);
    expect(http.body.categories.prices!.totals.changed).toBeGreaterThan(0);

    const viaMcp = toolJson<Comparison>(
      await (await mcpClient(sessionCookieHeader(session.cookie!))).callTool({ name: "compare_snapshots", arguments: { slug: SLUG } }),
    );
    expect(viaMcp.body).toEqual(http.body);

    const chat = await runChatTool<{ compared: boolean; changes: { category: string; totals: Totals }[] }>(
      await chatTools(),
      "compare_snapshots",
    );
    expect(chat.compared).toBe(true);
    expect(Object.fromEntries(chat.changes.map((change) => [change.category, change.totals]))).toEqual(
      Object.fromEntries(Object.entries(http.body.categories).map(([category, summary]) => [category, summary.totals])),
    );
  });

  it("changelog: the same entries and count", async () => {
    const http = await callApi<Changelog>("GET", "/api/changelog/:jobId", {}, { values: { jobId: latestJobId }, query: "?per_page=20" });
    expect(http.status).toBe(200);
    expect(http.body.pagination.total).toBeGreaterThan(0);

    const viaMcp = toolJson<Changelog>(
      await (await mcpClient()).callTool({ name: "get_changelog", arguments: { job_id: latestJobId, per_page: 20 } }),
    );
    expect(viaMcp.body).toEqual(http.body);

    const chat = await runChatTool<Changelog & { counts: { count: number }[] }>(await chatTools(), "get_changelog", {
      page: 1,
      per_page: 20,
    });
    expect(chat.data.map(({ subject, change, title }) => ({ subject, change, title }))).toEqual(
      http.body.data.map(({ subject, change, title }) => ({ subject, change, title })),
    );
    expect(chat.pagination).toEqual(http.body.pagination);
    expect(chat.counts.reduce((sum, row) => sum + row.count, 0)).toBe(http.body.pagination.total);
  });

  it("store: the chat's summary and apps are the store page's figures", async () => {
    type StorePage = {
      summary: {
        product_count: number;
        variant_count: number | null;
        available_product_count: number | null;
        collection_count: number;
        page_count: number | null;
      };
      prices: { currency: string | null; min: string | null; max: string | null; median: number | null };
      theme: string | null;
      apps: { name: string; category: string }[];
      analyzed_at: string | null;
    };
    const http = await callApi<StorePage>("GET", "/api/stores/:slug", {}, { values: { slug: SLUG }, query: "?per_page=1" });
    expect(http.status).toBe(200);
    expect(http.body.summary.product_count).toBe(31);

    const viaMcp = toolJson(await (await mcpClient()).callTool({ name: "get_store", arguments: { slug: SLUG, per_page: 1 } }));
    expect(viaMcp.body).toEqual(http.body);

    const tools = await chatTools();
    const summary = await runChatTool<{ store: Record<string, unknown>; prices: StorePage["prices"]; app_count: number }>(
      tools,
      "get_store_summary",
    );
    const { product_count, variant_count, available_product_count, collection_count, page_count } = http.body.summary;
    expect(summary.store).toMatchObject({
      product_count,
      variant_count,
      available_product_count,
      collection_count,
      page_count,
      last_analyzed_at: http.body.analyzed_at,
    });
    const { currency, min, max, median } = http.body.prices;
    expect(summary.prices).toEqual({ currency, min, max, median });
    expect(summary.app_count).toBe(http.body.apps.length);
    const apps = await runChatTool<{ theme: string | null; apps: { name: string; category: string }[] }>(tools, "get_apps_and_theme");
    expect(apps).toMatchObject({ theme: http.body.theme, apps: http.body.apps.map(({ name, category }) => ({ name, category })) });
  });

  it("analytics: the MCP tool answers the endpoint's figures", async () => {
    const http = await callApi("GET", "/api/store-detail/:slug/analytics", session, { values: { slug: SLUG } });
    expect(http.status).toBe(200);
    const viaMcp = toolJson(
      await (await mcpClient(sessionCookieHeader(session.cookie!))).callTool({ name: "get_store_analytics", arguments: { slug: SLUG } }),
    );
    expect(viaMcp.body).toEqual(http.body);
  });
});
