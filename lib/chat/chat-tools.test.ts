import { expect, it } from "vitest";
import "@/testing/setup-database";
import { raiseAlerts } from "@/lib/alerts";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { listReportProducts, productListingQuerySchema } from "@/lib/reports/list-report-products";
import { createTestUser } from "@/testing/auth/fixtures";
import { trackStore } from "@/testing/chat-store";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { resolveChatScope } from "./chat-scope";
import { buildChatTools } from "./chat-tools";

type Listed = { data: { handle: string }[]; pagination: { total: number } };

it("the chat's product search finds what the report page lists: a product gone from the store is in neither", async () => {
  const { store, jobId } = await seedAnalyzedStore({ domain: "chat-search.test", products: 6, goneProducts: 1 });
  const scope = await resolveChatScope({ slug: store.slug, userId: null });
  const tools = buildChatTools(scope, { principal: { kind: "anonymous" } } as never);

  const searched = (await tools.search_products!.execute!({ sort: "title", page: 1, per_page: 20 }, {
    toolCallId: "1",
    messages: [],
    context: {},
  } as never)) as Listed;
  const page = await listReportProducts(jobId, productListingQuerySchema.parse({}), 20);

  expect(searched.pagination.total).toBe(5);
  expect(searched.data.map((product) => product.handle)).toEqual(page.rows.map((product) => product.handle));
});

it("the chat reads the store's profiles, contact and languages from its latest report", async () => {
  const finding = { evidence: "https://www.instagram.com/acme/", source: "anchor", confidence: "high" };
  const { store } = await seedAnalyzedStore({
    domain: "chat-socials.test",
    products: 2,
    metadata: {
      socials: {
        basis: "observed",
        value: {
          profiles: [{ network: "instagram", url: "https://www.instagram.com/acme/", handle: "acme", seen_on: "/", ...finding }],
          emails: [{ address: "hi@acme.test", seen_on: "/pages/contact", ...finding }],
          phones: [],
        },
      },
      markets: {
        basis: "observed",
        value: {
          languages: [{ code: "fr", url: null }],
          language_count: 1,
          locale: "en",
          visitor_country: "CA",
          presentment_currency: "CAD",
        },
      },
    },
  });
  const scope = await resolveChatScope({ slug: store.slug, userId: null });
  const tools = buildChatTools(scope, { principal: { kind: "anonymous" } } as never);

  const answer = await tools.get_socials_and_markets!.execute!({}, { toolCallId: "1", messages: [], context: {} } as never);
  expect(answer).toMatchObject({
    socials: {
      profiles: [{ network: "instagram", url: "https://www.instagram.com/acme/", seen_on: "/" }],
      emails: ["hi@acme.test"],
      phones: [],
    },
    markets: { languages: ["fr"], visitor_country: "CA", presentment_currency: "CAD" },
  });
});

it("the chat's alerts are the caller's about the store in scope only, with their unread count, store text capped", async () => {
  const user = await createTestUser();
  const { store } = await seedAnalyzedStore({ domain: "chat-alerts.test", products: 1 });
  const { store: other } = await seedAnalyzedStore({ domain: "chat-other-alerts.test", products: 1 });
  for (const tracked of [store, other]) await trackStore(user.id, tracked.id);
  const event = (title: string) => ({
    kind: "app_installed" as const,
    subject: { type: "app", id: "loox", title },
    before: null,
    after: null,
    occurredAt: new Date(),
    evidence: { jobId: crypto.randomUUID() },
  });
  await raiseAlerts(store.id, [event(`Loox ${"x".repeat(500)}`)]);
  await raiseAlerts(other.id, [event("Loox elsewhere")]);

  const caller = { principal: { kind: "session", ip: "127.0.0.1", user: { id: user.id } as PrincipalUser } } as const;
  const scope = await resolveChatScope({ slug: store.slug, userId: user.id });
  const tools = buildChatTools(scope, caller);
  const answer = (await tools.get_alerts!.execute!({ unread_only: true }, { toolCallId: "1", messages: [], context: {} } as never)) as {
    unread: number;
    alerts: { kind: string; subject: { title: string } }[];
  };

  expect(answer.unread).toBe(1);
  expect(answer.alerts.map((alert) => alert.kind)).toEqual(["app_installed"]);
  expect(answer.alerts[0]!.subject.title).toHaveLength(201);
  // A caller who does not track the store gets no alerts tool for it.
  const stranger = await createTestUser();
  expect(buildChatTools(await resolveChatScope({ slug: store.slug, userId: stranger.id }), caller).get_alerts).toBeUndefined();
});

it("the chat finds other stores of the directory with the directory's own segment filters", async () => {
  const { store } = await seedAnalyzedStore({ domain: "chat-segment-a.test", products: 12, apps: [{ slug: "chat-x" }] });
  await seedAnalyzedStore({ domain: "chat-segment-b.test", products: 12, apps: [{ slug: "chat-x" }, { slug: "chat-y" }] });
  await seedAnalyzedStore({ domain: "chat-segment-c.test", products: 3, apps: [{ slug: "chat-x" }] });
  const scope = await resolveChatScope({ slug: store.slug, userId: null });
  const tools = buildChatTools(scope, { principal: { kind: "anonymous" } } as never);
  const options = { toolCallId: "1", messages: [], context: {} } as never;
  // What the model's call becomes once the tool's input schema parsed it.
  const input = (tools.find_stores!.inputSchema as unknown as { parse: (value: unknown) => unknown }).parse({
    app: "chat-x",
    app_none: "chat-y",
    products_min: 10,
  });

  const answer = (await tools.find_stores!.execute!(input, options)) as {
    data: { slug: string; apps: string[] }[];
    pagination: { total: number };
  };
  expect(answer.data.map((row) => row.slug)).toEqual(["chat-segment-a-test"]);
  expect(answer.data[0]!.apps).toEqual(["chat-x"]);
  expect(answer.pagination.total).toBe(1);
});
