/**
 * A tracked store's catalog events and a product's prices, at 1366 px and 390 px: after the fake
 * store changes prices and adds a product between two analyses, the page lists those events with
 * both prices, a product picked from them shows its price history, and the sales say their value
 * in money with the method; the page never scrolls sideways.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { analyzeAndWait, fakeStoreOrigin, trackAndWait } from "./support/tracked-store";

const SLUG = "catalog-test";

type Change = { kind: string; productId?: number };

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a tracked store's catalog events, a product's price history and sales in money, on a desktop and a phone", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail("catalog"));
  await trackAndWait(page, "catalog.test");
  const control = await playwright.request.newContext();
  const advanced = await control.post(`${fakeStoreOrigin}/__fake/stores/catalog.test/advance`, {
    data: { priceChanges: 2, addProducts: 1, sales: 6 },
  });
  expect(advanced.status()).toBe(200);
  const { changes } = (await advanced.json()) as { changes: Change[] };
  await analyzeAndWait(page, "catalog.test");

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/dashboard/tracked-stores/${SLUG}`);
    const events = page.getByTestId("catalog-events");
    await expect(events).toBeVisible();
    const priceRows = events.locator("tr", { hasText: "Price changed" });
    await expect(priceRows).toHaveCount(changes.filter((c) => c.kind === "price_change").length);
    await expect(priceRows.first()).toContainText("→");
    await expect(events.locator("tr", { hasText: "New product" })).toHaveCount(1);
    await expect(events.locator("tr", { hasText: "New product" })).toContainText("published");

    // A product picked from its price change shows both prices, the old one first seen, the new one a cut or a raise.
    await priceRows.first().getByRole("button").click();
    const history = page.getByTestId("price-history");
    await expect(history).toBeVisible();
    await expect(history).toContainText("first seen");
    await expect(history).toContainText(/price (cut|raised)/);
    await expect(page.getByTestId("product-sales-value")).toBeVisible();

    const value = page.getByTestId("sales-value");
    await expect(value).toContainText("Sales in money");
    await expect(value).toContainText("units sold × price");

    await expect.poll(() => overflow(page), { timeout: 5_000 }).toBeLessThanOrEqual(1);
  }
});
