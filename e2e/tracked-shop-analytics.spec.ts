/**
 * A tracked store's analytics on its first day, on a phone (390 px) and a laptop (1366 px): the
 * heat graph is compact (its last four weeks, today's square in view) with a line saying changes
 * fill in, the page never scrolls sideways, figures say when they fill in (snapshots minutes apart
 * give none, and no confidence), and Compare picks any two snapshots and counts their changes as
 * the heat graph does.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatDate } from "@/components/ui/format";
import { signUp, uniqueEmail } from "./support/accounts";
import { analyzeAndWait, fakeStoreOrigin, trackAndWait } from "./support/tracked-store";

const SLUG = "analytics-test";

async function advance(control: APIRequestContext, data: Record<string, unknown>) {
  expect((await control.post(`${fakeStoreOrigin}/__fake/stores/analytics.test/advance`, { data })).status()).toBe(200);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a tracked store's first day on a phone: compact heat graph, no sideways scroll, figures that say when they fill in, compare any two snapshots", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail("analytics"));
  await trackAndWait(page, "analytics.test");
  const control = await playwright.request.newContext();
  await advance(control, { sales: 4, restocks: 1, priceChanges: 3 });
  await analyzeAndWait(page, "analytics.test");
  await advance(control, { priceChanges: 2, addProducts: 1 });
  await analyzeAndWait(page, "analytics.test");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/tracked-stores/${SLUG}`);
  const heat = page.getByTestId("heat-graph");
  await expect(heat).toBeVisible();

  // Day one: the calendar is compact (four weeks, not a year of empty squares), today's square in
  // view without scrolling, and a line says the changes fill in.
  const today = formatDate(new Date().toISOString());
  const todayBlock = heat.locator(`[aria-label^="${today}:"]`);
  await expect(todayBlock).toHaveCount(1);
  await expect(heat.getByTestId("heat-graph-fills-in")).toContainText(/Changes fill in here day by day.*next snapshot/);
  await expect(heat.locator("rect[aria-label]")).toHaveCount(28);
  await expect
    .poll(() =>
      heat.evaluate((figure, day) => {
        const scroller = figure.querySelector<HTMLElement>(".react-activity-calendar__scroll-container")!;
        const block = figure.querySelector(`[aria-label^="${day}:"]`)!.getBoundingClientRect();
        const box = scroller.getBoundingClientRect();
        return scroller.scrollWidth <= scroller.clientWidth && block.left >= box.left && block.right <= box.right;
      }, today),
    )
    .toBe(true);
  // All three snapshots were taken today: the square says so, and counts each against the one before.
  await expect(todayBlock).toHaveAttribute("aria-label", /; 3 snapshots$/);

  // Snapshots minutes apart give no figure and no confidence: each says when it fills in, and the snapshots so far.
  await expect(page.getByTestId("units-sold-basis")).toContainText("So far: 3 snapshots over under an hour");
  await expect(page.getByTestId("units-sold")).toContainText(
    /Not enough data yet: units sold appear once snapshots span 20 hours — next snapshot/,
  );
  await expect(page.getByTestId("daily-sales")).toContainText("Not enough data yet: sales velocity (units a day) appears");
  await expect(page.getByTestId("confidence-legend")).toHaveCount(0);
  await expect(page.getByTestId("inventory-section")).not.toContainText("confidence");
  await expect(page.getByTestId("inventory-chart-day-one")).toBeVisible();
  await expect(page.getByTestId("product-tables").getByTestId("best-sellers-day-one")).toBeVisible();
  await expect(page.getByTestId("catalog-figures")).toContainText(/\$|€|£|[A-Z]{3}\s?\d/);

  // Compare: the latest two by default, then the first snapshot against the latest.
  const compare = page.getByTestId("compare-section");
  const from = compare.getByLabel("From (older)");
  const to = compare.getByLabel("To (newer)");
  await expect(from.locator("option")).toHaveCount(3);
  const snapshots = await from.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(snapshots).toHaveLength(3);
  await expect(to).toHaveValue(snapshots[0]!);
  await expect(from).toHaveValue(snapshots[1]!);
  await from.selectOption(snapshots[2]!);
  await expect(from).toHaveValue(snapshots[2]!);
  const expected = (await (await page.request.get(`/api/store-detail/${SLUG}/compare?from=${snapshots[2]}&to=${snapshots[0]}`)).json()) as {
    changes: { total: number };
  };
  expect(expected.changes.total).toBeGreaterThan(0);
  await expect(compare.getByTestId("compare-changes")).toContainText(`${expected.changes.total} change`);

  // A changed product opens on the store and in the sales-and-restocks feed.
  await compare.getByText(/^Products added/).click();
  const storeLink = compare.getByRole("link", { name: "on the store" }).first();
  await expect(storeLink).toHaveAttribute("href", /^https:\/\/analytics\.test\/products\/[a-z0-9-]+$/);
  await compare.getByText(/^Prices changed/).click();
  await compare.getByRole("button", { name: "sales and restocks" }).first().click();
  await expect(page.getByTestId("events-product")).toBeVisible();

  // Picking today's square compares today's last snapshot with the one before it.
  await todayBlock.scrollIntoViewIfNeeded();
  await todayBlock.click();
  await expect(from).toHaveValue(snapshots[1]!);
  await expect(to).toHaveValue(snapshots[0]!);

  await expect.poll(() => overflow(page), { timeout: 5_000 }).toBeLessThanOrEqual(1);
  const axe = await new AxeBuilder({ page })
    .include("[data-testid=heat-graph-section]")
    .include("[data-testid=inventory-section]")
    .include("[data-testid=products-section]")
    .include("[data-testid=compare-section]")
    .analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect.poll(() => overflow(page), { timeout: 5_000 }).toBeLessThanOrEqual(1);
});
