/**
 * A tracked store's catalog events and a product's prices, at 1366 px and 390 px: after the fake
 * store changes prices and adds a product between two analyses, the page lists those events with
 * both prices, a product picked from them shows its price history, the sales in money and the best
 * sellers say when they fill in (two snapshots minutes apart are day one), the products table lists
 * the new product first; the page never scrolls sideways and axe finds nothing.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, expectNoOverflow } from "./support/page-checks";
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
    // Two snapshots minutes apart measure no sales in money yet: the figure says when it comes.
    await expect(page.getByTestId("product-sales-value")).toContainText("not enough data yet");
    const value = page.getByTestId("sales-value");
    await expect(value).toContainText("Sales in money");
    await expect(value).toContainText("Not enough data yet: sales in money appear with units sold once snapshots span 20 hours");

    // The products table: the product just added is the newest; best sellers wait for a day of snapshots.
    const addedRow = events.locator("tr", { hasText: "New product" });
    const added = await addedRow.getByRole("button").first().innerText();
    const published = /published (\d{1,2} \S+ \d{4})/.exec(await addedRow.innerText())![1]!;
    const products = page.getByTestId("product-tables");
    await expect(products.getByTestId("best-sellers-day-one")).toContainText("Best sellers appear once snapshots span 20 hours");
    await products.getByRole("tab", { name: "Newest" }).click();
    await expect(products.getByTestId("newest-products").getByRole("row").nth(1)).toContainText(added);
    // Dated as the catalog event dates it: one date format on the page.
    await expect(products.getByTestId("newest-products").getByRole("row").nth(1)).toContainText(published);
    await products.getByRole("tab", { name: "Low stock" }).click();
    await expect(products.getByTestId("low-stock").getByRole("row")).not.toHaveCount(0);
    await expect(products.getByTestId("low-stock").getByRole("row").nth(1)).toContainText(/\d+ units?/);

    await expect.poll(() => overflow(page), { timeout: 5_000 }).toBeLessThanOrEqual(1);
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);
  }
});
