/**
 * A store's history on the pages: a store that drops one app, adds another and changes theme
 * between two analyses shows exactly those three events in the report's history section, on the
 * store page and through the timeline API, at 1366 px and at 390 px without sideways scrolling.
 */
import { expect, test, type Page } from "@playwright/test";
import { APP_SAMPLES } from "../testing/apps/app-samples";
import { fixtureStore, SAMPLE_APPS } from "../testing/fake-store";
import { signUp, uniqueEmail } from "./support/accounts";

test.describe.configure({ mode: "serial" });

const fakeStoreOrigin = `http://127.0.0.1:${process.env.E2E_FAKE_STORE_PORT}`;
const DOMAIN = "history.test";
const SLUG = "history-test";
const SENSE = { name: "Sense", id: 456, schema_name: "Sense", schema_version: "15.2.0", theme_store_id: 1356, role: "main" } as const;
const THREE = ["app_installed", "app_removed", "theme_changed"];

let firstJob = "";
let secondJob = "";

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function analyze(page: Page): Promise<string> {
  const res = await page.request.post("/api/jobs", { data: { domain: DOMAIN } });
  expect(res.status()).toBe(201);
  const { job } = (await res.json()) as { job: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${job.id}/status`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe("completed");

  return job.id;
}

test("two analyses of a store that dropped an app, added one and changed theme", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail("history"));
  expect((await page.request.post(`${fakeStoreOrigin}/__fake/stores`, { data: fixtureStore(DOMAIN) })).status()).toBe(201);
  firstJob = await analyze(page);
  const changed = fixtureStore(DOMAIN, { apps: [SAMPLE_APPS.klaviyo, APP_SAMPLES.loox!], theme: SENSE });
  expect((await page.request.post(`${fakeStoreOrigin}/__fake/stores`, { data: changed })).status()).toBe(201);
  secondJob = await analyze(page);

  const timeline = (await (await page.request.get(`/api/stores/${SLUG}/timeline`)).json()) as {
    data: { kind: string; analysis: { job_id: string }; previous_analysis: { job_id: string } | null }[];
  };
  expect(timeline.data.map((event) => event.kind).sort()).toEqual(THREE);
  expect(timeline.data.every((event) => event.analysis.job_id === secondJob && event.previous_analysis?.job_id === firstJob)).toBe(true);
});

for (const width of [1366, 390]) {
  test(`the report's and the store page's history at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.route("https://cdn.shopify.com/**", (route) => route.abort());

    await page.goto(`/reports/${secondJob}`);
    const history = page.locator("#history");
    await expect(history.getByRole("heading", { name: "History" })).toBeVisible();
    const kinds = await history.locator("[data-kind]").evaluateAll((items) => items.map((item) => item.getAttribute("data-kind")));
    expect(kinds.sort()).toEqual(THREE);
    await expect(history).toContainText("Loox");
    await expect(history).toContainText("Judge.me");
    await expect(history).toContainText("Dawn 15.0.0 → Sense 15.2.0");
    await expect(history.locator(`a[href="/reports/${firstJob}"]`)).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(1);

    await page.goto(`/stores/${SLUG}`);
    const storeHistory = page.locator("#history");
    await expect(storeHistory.getByRole("heading", { name: "History" })).toBeVisible();
    const storeKinds = await storeHistory
      .locator("[data-kind]")
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-kind")));
    expect(storeKinds.sort()).toEqual(THREE);
    await expect(storeHistory.getByTestId("technology-sightings")).toContainText("Judge.me Product Reviews (gone)");
    expect(await overflow(page)).toBeLessThanOrEqual(1);

    await page.goto("/apps/loox");
    await expect(page.getByTestId("app-history")).toContainText("Installed (");
    expect(await overflow(page)).toBeLessThanOrEqual(1);
  });
}
