import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/stores/route";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { agentReadinessOf, marketingOf, marketsOf, observed } from "@/testing/findings";

// GET /api/stores finds stores by the technology they run (an app, a marketing tag), the languages
// they offer, the countries they ship to and the agent endpoints they answer on, each filter alone
// or together, and refuses a malformed filter instead of ignoring it.

async function slugsFor(query: string): Promise<string[]> {
  const response = await GET(new Request(`http://localhost:3000/api/stores?per_page=50&${query}`), { params: Promise.resolve({}) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { slug: string }[]; pagination: { total: number } };
  expect(body.pagination.total).toBe(body.data.length);

  return body.data.map((store) => store.slug).sort();
}

beforeAll(async () => {
  // Its filters come from a report's metadata, as the pipeline writes them on completion.
  await seedAnalyzedStore({
    domain: "both.test",
    currency: "EUR",
    apps: [{ slug: "klaviyo" }],
    metadata: {
      ships_to_countries: { value: ["FR", "DE", "US"], basis: "observed" },
      marketing: observed(marketingOf(["google-analytics-4", "meta-pixel"])),
      markets: observed(marketsOf(["en-US", "fr-CA", "x-default"], "en")),
      agent_readiness: observed(agentReadinessOf({ storefront_mcp: "answers", llms_txt: "answers" })),
    },
  });
  await seedAnalyzedStore({
    domain: "klaviyo-only.test",
    apps: [{ slug: "klaviyo" }],
    technologies: { tags: ["meta-pixel"], languages: ["en"], markets: ["US"], agent: ["llms_txt"] },
  });
  await seedAnalyzedStore({
    domain: "mcp-only.test",
    currency: "EUR",
    technologies: { tags: ["tiktok-pixel"], languages: ["de"], markets: ["DE"], agent: ["storefront_mcp", "ucp"] },
  });
  await seedAnalyzedStore({ domain: "plain.test" });
  // Claimed, never analyzed: not in the directory whatever its row says.
  await getDb()
    .insert(stores)
    .values({
      domain: "unlisted.test",
      slug: "unlisted-test",
      tagKinds: ["meta-pixel"],
      agentReadiness: ["storefront_mcp"],
      markets: ["DE"],
    });
  const [both] = await getDb().select().from(stores).where(eq(stores.slug, "both-test"));
  expect(both).toMatchObject({ tagKinds: ["google-analytics-4", "meta-pixel"], languages: ["en", "fr"], markets: ["FR", "DE", "US"] });
});

describe("filtering the directory", () => {
  it("finds the stores carrying a marketing tag kind", async () => {
    expect(await slugsFor("tag=meta-pixel")).toEqual(["both-test", "klaviyo-only-test"]);
    expect(await slugsFor("tag=tiktok-pixel")).toEqual(["mcp-only-test"]);
    expect(await slugsFor("tag=pinterest-tag")).toEqual([]);
  });

  it("finds a language by its base code, whatever region its tag names (fr finds fr-CA)", async () => {
    expect(await slugsFor("language=fr")).toEqual(["both-test"]);
    expect(await slugsFor("language=EN")).toEqual(["both-test", "klaviyo-only-test"]);
  });

  it("finds the stores shipping to a country", async () => {
    expect(await slugsFor("market=de")).toEqual(["both-test", "mcp-only-test"]);
    expect(await slugsFor("market=US")).toEqual(["both-test", "klaviyo-only-test"]);
  });

  it("finds the stores answering on an agent endpoint", async () => {
    expect(await slugsFor("agent=storefront_mcp")).toEqual(["both-test", "mcp-only-test"]);
    expect(await slugsFor("agent=ucp")).toEqual(["mcp-only-test"]);
    expect(await slugsFor("agent=llms_txt")).toEqual(["both-test", "klaviyo-only-test"]);
  });

  it("lists each store with the tags, languages and agent endpoints it is filtered by", async () => {
    const response = await GET(new Request("http://localhost:3000/api/stores?q=both"), { params: Promise.resolve({}) });
    const { data } = (await response.json()) as {
      data: { slug: string; tags: string[]; languages: string[]; agent_readiness: string[] }[];
    };

    expect(data.map((store) => store.slug)).toEqual(["both-test"]);
    expect(data[0]).toMatchObject({ tags: ["google-analytics-4", "meta-pixel"], languages: ["en", "fr"] });
    expect([...data[0]!.agent_readiness].sort()).toEqual(["llms_txt", "storefront_mcp"]);
  });

  it("returns exactly the stores with Klaviyo that answer Storefront MCP", async () => {
    expect(await slugsFor("app=klaviyo")).toEqual(["both-test", "klaviyo-only-test"]);
    expect(await slugsFor("app=klaviyo&agent=storefront_mcp")).toEqual(["both-test"]);
  });

  it("combines every filter with the others and with words, currency and country", async () => {
    expect(await slugsFor("currency=EUR&agent=storefront_mcp")).toEqual(["both-test", "mcp-only-test"]);
    expect(await slugsFor("currency=EUR&agent=storefront_mcp&tag=meta-pixel&language=fr&market=FR&q=both")).toEqual(["both-test"]);
    expect(await slugsFor("tag=meta-pixel&market=DE&language=de")).toEqual([]);
    expect(await slugsFor("country=SE&agent=ucp")).toEqual([]);
  });
});

describe("malformed filters", () => {
  it.each([
    ["tag=Meta Pixel!", "tag"],
    [`tag=${"a".repeat(61)}`, "tag"],
    ["language=french", "language"],
    ["language=x", "language"],
    ["language=fr-CA", "language"],
    ["market=DEU", "market"],
    ["market=1A", "market"],
    ["agent=mcp", "agent"],
  ])("answers 400 with the field named for %s", async (query, fieldName) => {
    const response = await GET(new Request(`http://localhost:3000/api/stores?${query}`), { params: Promise.resolve({}) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe("invalid_request");
    expect(JSON.stringify(body)).toContain(fieldName);
  });
});
