// The technology exports: a directory segment, a store, a report and a saved list, each as CSV
// (read back by a real CSV parser: one row per store, the promised columns, no cell a
// spreadsheet would run as a formula) and as JSON, with the evidence column only on request;
// a list's export is its owner's alone.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportSegment } from "@/app/api/stores/export/route";
import { GET as exportStore } from "@/app/api/stores/[slug]/export/route";
import { GET as exportReport } from "@/app/api/reports/[id]/export/technologies/route";
import { GET as exportList } from "@/app/api/lists/[id]/export/route";
import { POST as postList } from "@/app/api/lists/route";
import { createKeyedUser } from "@/testing/auth/fixtures";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { marketingOf, observed } from "@/testing/findings";
import { TECHNOLOGY_CSV_COLUMNS } from "./technology-export";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const get = (handler: Handler, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  handler(new Request(`http://localhost:3000${path}`, { headers }), { params: Promise.resolve(params) });

const csvRows = async (response: Response) =>
  parse(await response.text(), { columns: true, skip_empty_lines: true }) as Record<string, string>[];

let reportJob: string;

beforeAll(async () => {
  const marketing = marketingOf(["google-analytics-4", "meta-pixel"]);
  marketing.tags[0]!.id = "G-ABC123";
  const metadata = {
    theme: observed({
      name: "Dawn copy",
      id: 1,
      schemaName: "Dawn",
      schemaVersion: "15.0.0",
      themeStoreId: 887,
      role: "main",
      evidence: "Shopify.theme",
    }),
    apps: observed([{ slug: "klaviyo", name: "Klaviyo", category: "marketing", evidence: "static.klaviyo.com/onsite.js" }]),
    marketing: observed(marketing),
    socials: observed({
      profiles: [
        {
          network: "instagram",
          url: "https://instagram.com/alpha",
          handle: "alpha",
          seen_on: "/",
          evidence: "link",
          source: "anchor",
          confidence: "high",
        },
      ],
      emails: [{ address: "hi@alpha.test", seen_on: "/", evidence: "mailto", source: "anchor", confidence: "high" }],
      phones: [],
    }),
    ships_to_countries: { value: ["DE", "FR"], basis: "observed" },
  };
  ({ jobId: reportJob } = await seedAnalyzedStore({ domain: "alpha.test", apps: [{ slug: "klaviyo" }], products: 3, metadata }));
  // A store whose own name would run in a spreadsheet.
  await seedAnalyzedStore({ domain: "hostile.test", name: '=HYPERLINK("http://evil.test","x")', apps: [{ slug: "klaviyo" }], products: 2 });
  await seedAnalyzedStore({ domain: "other.test", products: 1 });
});

describe("a segment's export", () => {
  it("answers one CSV row per store of the segment, with the technology columns and no live formula", async () => {
    const response = await get(exportSegment, "/api/stores/export?app=klaviyo&sort=name&format=csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain("stores-technologies.csv");
    const rows = await csvRows(response);
    expect(rows.map((row) => row.domain).sort()).toEqual(["alpha.test", "hostile.test"]);
    expect(Object.keys(rows[0]!)).toEqual([...TECHNOLOGY_CSV_COLUMNS]);

    const alpha = rows.find((row) => row.domain === "alpha.test")!;
    expect(alpha).toMatchObject({
      theme: "Dawn",
      theme_version: "15.0.0",
      apps: "klaviyo",
      app_names: "Klaviyo",
      tags: "google-analytics-4:G-ABC123; meta-pixel",
      socials: "https://instagram.com/alpha",
      emails: "hi@alpha.test",
      markets: "DE; FR",
      product_count: "3",
      job_id: reportJob,
    });
    expect(alpha.first_seen).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rows.find((row) => row.domain === "hostile.test")!.name).toBe(`'=HYPERLINK("http://evil.test","x")`);
  });

  it("adds the evidence column only when asked", async () => {
    const rows = await csvRows(await get(exportSegment, "/api/stores/export?app=klaviyo&format=csv&evidence=1"));
    expect(Object.keys(rows[0]!).at(-1)).toBe("evidence");
    expect(rows.find((row) => row.domain === "alpha.test")!.evidence).toContain("klaviyo: static.klaviyo.com/onsite.js");
  });

  it("answers the same stores as JSON, one object each", async () => {
    const response = await get(exportSegment, "/api/stores/export?app=klaviyo&format=json");
    const body = (await response.json()) as { source: string; stores: { domain: string; apps: { slug: string; evidence?: string }[] }[] };
    expect(body.source).toContain("app=klaviyo");
    expect(body.stores.map((s) => s.domain).sort()).toEqual(["alpha.test", "hostile.test"]);
    expect(body.stores.find((s) => s.domain === "alpha.test")!.apps).toEqual([expect.objectContaining({ slug: "klaviyo" })]);
    expect(body.stores.find((s) => s.domain === "alpha.test")!.apps[0]).not.toHaveProperty("evidence");
  });

  it("pages through the directory for a segment bigger than one page: every store once, in the segment's order", async () => {
    const domains = Array.from({ length: 105 }, (_, i) => `yen-${String(i).padStart(3, "0")}.test`);
    for (const domain of domains) await seedAnalyzedStore({ domain, currency: "JPY" });
    const rows = await csvRows(await get(exportSegment, "/api/stores/export?currency=JPY&sort=name"));
    expect(rows.map((row) => row.domain)).toEqual(domains);
  });

  it("refuses a filter the directory refuses", async () => {
    expect((await get(exportSegment, "/api/stores/export?country=Germany")).status).toBe(400);
  });
});

describe("a store's and a report's export", () => {
  it("answers one row for a store, and 404 for no store", async () => {
    const rows = await csvRows(await get(exportStore, "/api/stores/alpha-test/export", { slug: "alpha-test" }));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.domain).toBe("alpha.test");
    expect((await get(exportStore, "/api/stores/nobody-test/export", { slug: "nobody-test" })).status).toBe(404);
  });

  it("answers the profile a report recorded", async () => {
    const response = await get(exportReport, `/api/reports/${reportJob}/export/technologies?format=json`, { id: reportJob });
    const body = (await response.json()) as { stores: { job_id: string; tags: { kind: string; id: string | null }[] }[] };
    expect(body.stores).toHaveLength(1);
    expect(body.stores[0]!.job_id).toBe(reportJob);
    expect(body.stores[0]!.tags[0]).toMatchObject({ kind: "google-analytics-4", id: "G-ABC123" });
  });
});

describe("a list's export", () => {
  it("answers the list's stores to its owner and 404 to anyone else", async () => {
    const owner = await createKeyedUser();
    const created = await postList(
      new Request("http://localhost:3000/api/lists", {
        method: "POST",
        headers: { ...owner.headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "Picked", stores: ["alpha-test", "other-test"] }),
      }),
      { params: Promise.resolve({}) },
    );
    const { id } = (await created.json()) as { id: string };
    const response = await get(exportList, `/api/lists/${id}/export`, { id }, owner.headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await csvRows(response)).map((row) => row.domain)).toEqual(["alpha.test", "other.test"]);

    const stranger = await createKeyedUser();
    expect((await get(exportList, `/api/lists/${id}/export`, { id }, stranger.headers)).status).toBe(404);
  });
});
