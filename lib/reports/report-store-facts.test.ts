import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reportBodies, reports } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { asPurgeOf } from "@/testing/report-content";
import { forgetReportLocations } from "./find-report";
import { loadReportView } from "../report-view/load-report-view";

// A report says what was true of its store when its job completed (name, counts, theme, dates,
// the site's address in its links), whenever its body is built: a newer analysis of the store
// and a moved site change the store page, never an older report (docs/decisions.md §5.2).

const DOMAIN = "frozen-facts.test";
const FIRST_BASE = "http://localhost:3000";
const MOVED_BASE = "https://reports.moved.example";
const THEME = { name: "Dawn", id: 1, schema_name: "Dawn", schema_version: "15.0.0", theme_store_id: 887, role: "main" } as const;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let h: PipelineHarness;
let reportRoute: Handler;

function setBaseUrl(base: string): void {
  process.env.BASE_URL = base;
  resetEnvCache();
}

async function analyze(domain = DOMAIN): Promise<string> {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };
  expect((await h.waitForJob(job.id, 120_000)).status).toBe("completed");

  return job.id;
}

async function readReport(jobId: string): Promise<{ etag: string | null; text: string }> {
  const response = await reportRoute(new Request(`http://localhost:3000/api/reports/${jobId}`), { params: Promise.resolve({ id: jobId }) });
  expect(response.status).toBe(200);

  return { etag: response.headers.get("etag"), text: await response.text() };
}

/** What the report page renders from about the store and the job (its URLs among them). */
async function pageData(jobId: string) {
  const view = await loadReportView(jobId);
  if (view?.kind !== "report") throw new Error(`no report view for ${jobId}`);

  return { store: view.store, job: view.job };
}

beforeAll(async () => {
  h = await startPipeline();
  reportRoute = (await import("@/app/api/reports/[id]/route")).GET as Handler;
  h.fakeStore.addStore(generatedStore(DOMAIN, { products: 12, seed: 5, name: "First Name", theme: THEME }));
}, 120_000);

afterAll(async () => {
  setBaseUrl(FIRST_BASE);
  await h?.stop();
});

describe("a report's store facts are those of its completion", () => {
  it("builds an older report's body after a newer analysis and a moved site with the bytes and ETag it had at completion", async () => {
    const first = await analyze();
    const atCompletion = await readReport(first);
    const pageAtCompletion = await pageData(first);
    const shown = JSON.parse(atCompletion.text) as { store: Record<string, unknown> };
    expect(shown.store).toMatchObject({
      name: "First Name",
      theme: "Dawn",
      product_count: 12,
      url: `${FIRST_BASE}/stores/frozen-facts-test`,
    });

    // The store changes its name, theme and catalog, and the site moves, before the next analysis.
    const shop = h.fakeStore.store(DOMAIN);
    shop.shop!.settings.name = "Second Name";
    if (shop.definition.kind === "shopify")
      shop.definition.theme = { ...THEME, name: "Refresh", schema_name: "Refresh", theme_store_id: 1567 };
    shop.advance({ addProducts: 5 });
    setBaseUrl(MOVED_BASE);
    const second = await analyze();
    const newer = JSON.parse((await readReport(second)).text) as { store: Record<string, unknown> };
    expect(newer.store).toMatchObject({
      name: "Second Name",
      theme: "Refresh",
      product_count: 17,
      url: `${MOVED_BASE}/stores/frozen-facts-test`,
    });

    // The first report's stored body goes, so its next read builds it again, after all that.
    await asPurgeOf(first, (tx) => tx.delete(reportBodies).where(eq(reportBodies.jobId, first)));
    forgetReportLocations();
    const rebuilt = await readReport(first);
    expect(rebuilt.etag).toBe(atCompletion.etag);
    expect(rebuilt.text).toBe(atCompletion.text);
    const [stored] = await getDb().select({ etag: reportBodies.etag }).from(reportBodies).where(eq(reportBodies.jobId, first));
    expect(stored?.etag).toBe(atCompletion.etag);

    // The report page shows the same store, URLs and links as at completion.
    expect(await pageData(first)).toEqual(pageAtCompletion);
    expect(pageAtCompletion.store.name).toBe("First Name");
    expect(pageAtCompletion.job.report_url).toBe(`${FIRST_BASE}/reports/${first}`);
  }, 240_000);
});

describe("migration 0017", () => {
  it("gives reports completed before it the store facts their completion recorded, the latest from its store's row", async () => {
    setBaseUrl(FIRST_BASE);
    const domain = "facts-backfill.test";
    h.fakeStore.addStore(generatedStore(domain, { products: 6, seed: 8, name: "Old Name" }));
    const older = await analyze(domain);
    h.fakeStore.store(domain).shop!.settings.name = "New Name";
    h.fakeStore.store(domain).advance({ addProducts: 3, removeProducts: 1 });
    const latest = await analyze(domain);
    const ids = [older, latest];
    const factsOf = async () =>
      Object.fromEntries(
        (await getDb().select({ jobId: reports.jobId, facts: reports.storeFacts }).from(reports).where(inArray(reports.jobId, ids))).map(
          (row) => [row.jobId, row.facts as Record<string, unknown>],
        ),
      );
    const recorded = await factsOf();
    expect(recorded[older]).toMatchObject({ name: "Old Name", product_count: 6, base_url: FIRST_BASE });
    expect(recorded[latest]).toMatchObject({ name: "New Name", product_count: 8 });

    // As they were before the migration: no facts (the report rows are otherwise immutable).
    await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(`ALTER TABLE "reports" DISABLE TRIGGER "reports_immutable"`));
      await tx.update(reports).set({ storeFacts: null }).where(inArray(reports.jobId, ids));
      await tx.execute(sql.raw(`ALTER TABLE "reports" ENABLE TRIGGER "reports_immutable"`));
    });
    const migration = readFileSync(new URL("../../db/migrations/0017_report_store_facts.sql", import.meta.url), "utf8");
    const statements = migration.split("--> statement-breakpoint").map((statement) => statement.trim());
    const from = statements.findIndex((statement) => statement.includes("DISABLE TRIGGER"));
    const to = statements.findIndex((statement) => statement.includes("ENABLE TRIGGER"));
    expect(from).toBeGreaterThan(0);
    for (const statement of statements.slice(from, to + 1)) await getDb().execute(sql.raw(statement));

    // The same facts, except the site's address of that time, which nothing recorded.
    expect(await factsOf()).toEqual({ [older]: { ...recorded[older], base_url: null }, [latest]: { ...recorded[latest], base_url: null } });
    await expect(getDb().update(reports).set({ storeFacts: null }).where(eq(reports.jobId, older))).rejects.toThrow();
  }, 240_000);
});
