import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

const fakeStoreOrigin = `http://127.0.0.1:${process.env.E2E_FAKE_STORE_PORT}`;

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

  // One snapshot measures no sales: the page says so instead of showing a made-up range.
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/dashboard\/tracked-stores\/tracked-test$/);
  await expect(page.getByTestId("units-sold")).toContainText("Not enough data yet");
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
  await expect(heat.getByText(/changes in the last 365 days/)).toBeVisible();
  // Today's square says in words how many changes it holds: exactly what the store changed.
  const today = new Date().toISOString().slice(0, 10);
  await expect(heat.locator(`[aria-label^="${today}: ${expectedToday} change${expectedToday === 1 ? "" : "s"}"]`)).toHaveCount(1);

  await expect(page.getByTestId("inventory-chart")).toBeVisible();
  await expect(page.getByTestId("inventory-chart").getByRole("application")).toBeVisible();
  await expect(page.getByTestId("inventory-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  // Said once for the section: the figures are counted from the quantities the store shows, between stated snapshots.
  await expect(page.getByTestId("confidence-legend")).toContainText("stock quantities the store shows");
  await expect(page.getByTestId("units-sold-basis")).toContainText("Measured from 2 snapshots");
  // The figure is drawn as a band from its low to its high bound.
  await expect(page.getByTestId("units-sold").getByRole("img", { name: /^between \d+ and \d+/ })).toBeVisible();
  await expect(page.getByTestId("events-section").getByRole("row")).not.toHaveCount(0);
  await expect(page.getByTestId("compare-section").getByRole("rowheader", { name: /prices/i })).toBeVisible();
  await expect(page.getByTestId("compare-changes")).toContainText(`${expectedToday} change`);

  // On a phone the page stays usable: the heat graph scrolls inside its box, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  // Charts re-measure through a ResizeObserver after the viewport changes: wait for the layout to settle.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 5_000 })
    .toBeLessThanOrEqual(1);

  // Stop tracking.
  await page.goto("/dashboard/tracked-stores");
  await page.getByRole("button", { name: /Stop tracking/ }).click();
  await expect(page.getByText("No tracked stores yet.")).toBeVisible();
});
