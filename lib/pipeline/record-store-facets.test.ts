import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listStores } from "@/app/api/stores/route";
import { getDb } from "@/db";
import { storeApps, stores } from "@/db/schema";
import { getApp } from "@/lib/apps/app-directory";
import { getDirectoryFacets } from "@/lib/store-directory/directory-facets";
import { failJob } from "@/lib/jobs/job-state";
import { loadArtifact } from "@/lib/snapshots/artifacts";
import { fixtureStore, SAMPLE_APPS } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";

// The directory files a store under what its latest completed analysis found, and under nothing a
// failed job saw: its apps are written with its report, replacing the previous analysis's.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

/** The slugs GET /api/stores?app=… lists. */
async function storesRunning(app: string): Promise<string[]> {
  const response = await listStores(new Request(`http://localhost:3000/api/stores?per_page=50&app=${app}`), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);

  return ((await response.json()) as { data: { slug: string }[] }).data.map((store) => store.slug);
}

/** What /apps/<app> lists: the stores seen running it. */
async function appPageStores(app: string): Promise<string[]> {
  return (await getApp(app)).recent_stores.map((store) => store.slug);
}

async function storeOf(domain: string) {
  const [store] = await getDb().select().from(stores).where(eq(stores.domain, domain));

  return store!;
}

/** The store's rows of store_apps, by app. */
async function appsKept(storeId: string) {
  return (await getDb().select().from(storeApps).where(eq(storeApps.storeId, storeId)))
    .map((row) => ({ app: row.appSlug, job: row.jobId }))
    .sort((a, b) => a.app.localeCompare(b.app));
}

describe("the directory's facets of a store", () => {
  it("forget an app the store removed once its next analysis completes", async () => {
    const domain = "dropped-app.test";
    const shop = h.fakeStore.addStore(fixtureStore(domain, { apps: [SAMPLE_APPS.klaviyo, SAMPLE_APPS.judgeMe] }));
    const first = await h.submitAndWait(domain);
    expect(first.status).toBe("completed");
    const { id, slug } = await storeOf(domain);
    expect(await storesRunning("klaviyo")).toContain(slug);
    expect(await appPageStores("klaviyo")).toContain(slug);
    const before = await appsKept(id);
    expect(before.map((row) => row.app)).toEqual(expect.arrayContaining(["judge-me", "klaviyo"]));
    expect(new Set(before.map((row) => row.job))).toEqual(new Set([first.id]));

    // The store uninstalls Klaviyo before its next analysis.
    if (shop.definition.kind === "shopify") shop.definition.apps = [SAMPLE_APPS.judgeMe];
    const second = await h.submitAndWait(domain);
    expect(second.status).toBe("completed");

    expect(await storesRunning("klaviyo")).not.toContain(slug);
    expect(await appPageStores("klaviyo")).not.toContain(slug);
    expect((await getDirectoryFacets()).apps.map((app) => app.value)).not.toContain("klaviyo");
    expect(await storesRunning("judge-me")).toContain(slug);
    expect(await appPageStores("judge-me")).toContain(slug);
    // Every app the store still runs (its web pixels' among them) is the second analysis's.
    const after = await appsKept(id);
    expect(after.map((row) => row.app)).toEqual(before.map((row) => row.app).filter((app) => app !== "klaviyo"));
    expect(new Set(after.map((row) => row.job))).toEqual(new Set([second.id]));
  }, 240_000);

  it("are none for a store only a failed job saw, though it failed after reading its apps", async () => {
    const domain = "failed-apps.test";
    const shop = h.fakeStore.addStore(fixtureStore(domain, { apps: [SAMPLE_APPS.klaviyo, SAMPLE_APPS.judgeMe] }));
    // The agent endpoints are asked for right after detect-apps: the job waits there until failed.
    const release = shop.holdRequests(/^\/(llms\.txt|\.well-known\/ucp|api\/mcp)/);
    const response = await h.submit({ domain });
    expect(response.status).toBe(201);
    const { job } = (await response.json()) as { job: { id: string } };
    const storefront = await waitFor(() => loadArtifact(job.id, "storefront"), { timeoutMs: 60_000, what: "detect-apps" });
    expect(storefront.apps.map((app) => app.slug)).toEqual(expect.arrayContaining(["judge-me", "klaviyo"]));
    await failJob(job.id, { error: "The analysis was stopped", code: "analysis_failed" });
    release();
    expect((await h.waitForJob(job.id, 120_000)).status).toBe("failed");

    const store = await storeOf(domain);
    expect(await appsKept(store.id)).toEqual([]);
    expect(store).toMatchObject({ latestJobId: null, themeName: null, tagKinds: [], languages: [], markets: [], agentReadiness: [] });
    expect(await storesRunning("klaviyo")).not.toContain(store.slug);
    expect(await appPageStores("klaviyo")).not.toContain(store.slug);
  }, 240_000);
});
