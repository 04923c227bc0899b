import { expect, test, type Page } from "@playwright/test";
import { formatDate } from "@/components/ui/format";
import { signUp, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, expectNoOverflow, VIEWPORTS } from "./support/page-checks";

const fakeStoreOrigin = `http://127.0.0.1:${process.env.E2E_FAKE_STORE_PORT}`;
const NEXT_SNAPSHOT = /next snapshot \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/;

/** At a laptop's width and a phone's: the page fits and axe finds nothing, whatever state it is in. */
async function checkBothWidths(page: Page) {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // Charts re-measure through a ResizeObserver after the viewport changes: wait for the layout to settle.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(0);
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test("track a shop, see it listed, and open its page with the heat graph, inventory chart, events and compare", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("tracking"));
  const tab = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Tracked stores" });
  await tab.click();
  await expect(page).toHaveURL(/\/dashboard\/tracked-stores$/);
  await expect(page.getByText("No tracked stores yet.")).toBeVisible();

  await page.getByLabel("Store domain").fill("https://tracked.test/");
  await page.getByRole("button", { name: "Track store" }).click();
  const row = page.getByTestId("tracked-store-row").filter({ hasText: "tracked.test" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("latest job completed", { timeout: 60_000 });
  await expect(row).toContainText("Next check:");

  // Day one, one snapshot: every figure, chart and table says when it fills in instead of drawing empty axes.
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/dashboard\/tracked-stores\/tracked-test$/);
  await expect(page.getByTestId("units-sold")).toContainText("Not enough data yet");
  await expect(page.getByTestId("units-sold")).toContainText(NEXT_SNAPSHOT);
  await expect(page.getByTestId("daily-sales")).toContainText("sales velocity (units a day) appears once snapshots span 20 hours");
  await expect(page.getByTestId("units-sold-basis")).toHaveText(/^So far: 1 snapshot \(/);
  await expect(page.getByTestId("inventory-chart-day-one")).toContainText(NEXT_SNAPSHOT);
  await expect(page.getByTestId("inventory-chart")).toHaveCount(0);
  await expect(page.getByTestId("sales-value")).toContainText("Not enough data yet");
  await expect(page.getByTestId("compare-day-one")).toContainText("Compare needs two snapshots");
  await expect(page.getByTestId("catalog-events-day-one")).toContainText(NEXT_SNAPSHOT);
  await expect(page.getByTestId("events-day-one")).toContainText(NEXT_SNAPSHOT);
  // No confidence word for figures that have none yet.
  await expect(page.getByTestId("inventory-section")).not.toContainText("confidence");
  // The heat graph is compact on day one: four weeks, with a line saying changes fill in.
  const dayOneHeat = page.getByTestId("heat-graph");
  await expect(dayOneHeat.getByTestId("heat-graph-fills-in")).toContainText("Changes fill in here day by day");
  await expect(dayOneHeat.locator("rect[aria-label]")).toHaveCount(28);
  // Products: best sellers wait for a day of snapshots; low stock and the newest are there from the first.
  const products = page.getByTestId("product-tables");
  await expect(products.getByTestId("best-sellers-day-one")).toContainText(NEXT_SNAPSHOT);
  await products.getByRole("tab", { name: "Low stock" }).click();
  await expect(products.getByTestId("low-stock").getByRole("row")).not.toHaveCount(0);
  await products.getByRole("tab", { name: "Newest" }).click();
  await expect(products.getByTestId("newest-products").getByRole("row")).not.toHaveCount(0);
  await checkBothWidths(page);

  // The dashboard's bar of the same figure says the same.
  await page.goto("/dashboard");
  const bar = page.getByTestId("tracked-store-units");
  await expect(bar).toContainText("Not enough data yet: units sold appear once snapshots span 20 hours");
  await expect(bar).toContainText(NEXT_SNAPSHOT);
  await expect(page.getByTestId("tracked-store-figures")).not.toContainText("confidence");
  await checkBothWidths(page);
  await page.goto("/dashboard/tracked-stores");

  // The free plan tracks one shop: a second one is refused with the reason.
  await page.getByLabel("Store domain").fill("demo.test");
  await page.getByRole("button", { name: "Track store" }).click();
  await expect(page.getByText(/allows 1 tracked store/)).toBeVisible();

  // A day passes at the store (sales, a restock, price changes), and the shop is analyzed again.
  const control = await playwright.request.newContext();
  const advanced = await control.post(`${fakeStoreOrigin}/__fake/stores/tracked.test/advance`, {
    data: { sales: 5, restocks: 1, priceChanges: 2 },
  });
  expect(advanced.status()).toBe(200);
  const { changes } = (await advanced.json()) as {
    changes: { kind: string; productId: number; availableBefore?: boolean; availableAfter?: boolean }[];
  };
  // A change is a product that changed, once however many of its prices or stock flags moved;
  // sales and restocks that leave a variant in (or out of) stock are not changes.
  const expectedToday = new Set(
    changes.filter((c) => c.kind === "price_change" || c.availableBefore !== c.availableAfter).map((c) => c.productId),
  ).size;
  const resubmit = await page.request.post("/api/jobs", { data: { domain: "tracked.test" } });
  expect(resubmit.status()).toBe(201);
  const { job } = (await resubmit.json()) as { job: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/jobs/${job.id}/status`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe("completed");

  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/dashboard\/tracked-stores\/tracked-test$/);
  const heat = page.getByTestId("heat-graph");
  await expect(heat).toBeVisible();
  await expect(heat.getByText(/changes? since tracking began/)).toBeVisible();
  // Today's square says in words, in the page's one date format, how many changes it holds: exactly what the store changed.
  const today = formatDate(new Date().toISOString());
  await expect(heat.locator(`[aria-label^="${today}: ${expectedToday} change${expectedToday === 1 ? "" : "s"}"]`)).toHaveCount(1);

  // Two snapshots minutes apart are still day one for the sales figures: no range, no confidence, no empty chart.
  await expect(page.getByTestId("units-sold")).toContainText("Not enough data yet");
  await expect(page.getByTestId("units-sold-basis")).toContainText("So far: 2 snapshots over under an hour");
  await expect(page.getByTestId("confidence-legend")).toHaveCount(0);
  await expect(page.getByTestId("inventory-section")).not.toContainText("confidence");
  await expect(page.getByTestId("inventory-chart-day-one")).toBeVisible();
  // What the two snapshots did see is listed: the sales and restocks between them.
  await expect(page.getByTestId("events-section").getByRole("row")).not.toHaveCount(0);
  await expect(page.getByTestId("compare-section").getByRole("rowheader", { name: /prices/i })).toBeVisible();
  await expect(page.getByTestId("compare-changes")).toContainText(`${expectedToday} change`);
  await checkBothWidths(page);

  // Stop tracking.
  await page.goto("/dashboard/tracked-stores");
  await page.getByRole("button", { name: /Stop tracking/ }).click();
  await expect(page.getByText("No tracked stores yet.")).toBeVisible();
});
