import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations, expectNoOverflow } from "./support/page-checks";

// A segment of the directory built in the form, its count, its table, and the app page as a
// market report, over the stores e2e/support/seed-public-site.ts writes (Segment Shop: Judge.me
// without Loox, 12 products; Published Shop: both apps, 60 products; Third Shop: Judge.me, 8).

async function waitForSeed(request: APIRequestContext) {
  const posts = async () => ((await (await request.get("/api/blog")).json()) as { data: unknown[] }).data.length;
  await expect.poll(posts, { timeout: 30_000 }).toBeGreaterThan(0);
}

test.beforeAll(async ({ request }) => {
  await waitForSeed(request);
});

for (const [device, viewport] of [
  ["a laptop", { width: 1366, height: 900 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, "Judge.me and not Loox, 10–2,000 products" is built in the form, counted, shared and shown as a table`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/stores");
    const form = page.getByRole("search", { name: "Stores" });
    const apps = form.getByRole("group", { name: "Apps" });
    // The whole directory is counted, thousands grouped ("1,234 analyzed Shopify stores.").
    await expect(page.getByTestId("result-count")).toHaveText(/^\d{1,3}(,\d{3})* analyzed Shopify stores?\.$/);
    // A phone folds the filters under "Filters" (nothing is set yet); a laptop shows them, with no disclosure to open.
    const filters = form.getByText("Filters", { exact: true });
    if (viewport.width < 1024) {
      await expect(apps).toBeHidden();
      await filters.click();
    } else {
      await expect(filters).toBeHidden();
    }
    await expect(apps).toBeVisible();
    await apps.getByLabel("All of").selectOption("judge-me");
    await apps.getByLabel("None of").selectOption("loox");
    await form.getByLabel("Products from").fill("10");
    await form.getByLabel("Products to").fill("2000");
    await form.getByRole("button", { name: "Show stores" }).click();

    // Only the filters set travel in the address, lists and defaults as the schema writes them.
    await expect(page).toHaveURL(/\/stores\?app=judge-me&app_none=loox&products_min=10&products_max=2000$/);
    const stores = page.getByRole("list", { name: "Stores" });
    await expect(stores.getByRole("link", { name: "Segment Shop" })).toBeVisible();
    await expect(stores.getByRole("link", { name: "Published Shop" })).toHaveCount(0);
    await expect(stores.getByRole("link", { name: "Third Shop" })).toHaveCount(0);
    // The heading counts the segment, not the directory; stores other specs analyzed may join it.
    const count = page.getByTestId("result-count");
    await expect(count).toHaveText(/^\d+ stores? match(es)? these filters\.$/);
    const total = Number((await count.textContent())!.split(" ")[0]);
    await expect(stores.locator(":scope > li")).toHaveCount(Math.min(total, 20));

    // The table beside the cards: chosen in the form, applied at once, kept in the address.
    await form.getByLabel("Show as").selectOption("table");
    await expect(page).toHaveURL(/&view=table$/);
    const table = page.getByTestId("store-table");
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: "Segment Shop" }) });
    await expect(row).toContainText("Portugal");
    await expect(row).toContainText("12");
    await expect(row.getByRole("link", { name: "Dawn" })).toHaveAttribute("href", "/themes/dawn");
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);

    // Sorted: the sort box applies itself and shows its whole label.
    await form.getByLabel("Sort by").selectOption("products_asc");
    await expect(page).toHaveURL(/sort=products_asc/);
    const sort = form.getByLabel("Sort by");
    for (const [label, address] of [
      ["Recently analyzed", /^(?!.*sort=)/],
      ["Newest in the directory", /sort=first_analyzed/],
      ["Fewest products", /sort=products_asc/],
    ] as const) {
      await sort.selectOption({ label });
      await expect(page).toHaveURL(address);
      // scrollWidth <= clientWidth, and the chosen label's own width fits inside the box beside its arrow.
      const fit = await form.getByLabel("Sort by").evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = context.measureText(select.selectedOptions[0]!.text).width;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return { scroll: select.scrollWidth <= select.clientWidth, text, room };
      });
      expect(fit.scroll, label).toBe(true);
      expect(fit.text, label).toBeLessThanOrEqual(fit.room);
    }

    // The country filter names countries, never a bare code beside a name.
    const country = form.getByLabel("Based in");
    await expect(country.locator("option", { hasText: "Portugal" })).toHaveText(/^Portugal \(\d+\)$/);
    await expect(country.locator("option", { hasText: /^PT \(/ })).toHaveCount(0);
    // Every country, market and language is named; none reads as a bare code, x-default is no language.
    for (const name of ["Based in", "Ships to (all of)", "Languages (all of)"]) {
      const options = await form.getByLabel(name).locator("option").allTextContents();
      expect(
        options.filter((text) => /^[A-Za-z]{2,3}(-[A-Za-z]{2})? \(/.test(text)),
        name,
      ).toEqual([]);
      expect(
        options.filter((text) => /x-default|^Default/i.test(text)),
        name,
      ).toEqual([]);
    }
  });

  test(`on ${device}, an app page reads as a market report`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/apps/judge-me");
    const market = page.getByTestId("market-report");
    await expect(market.getByRole("heading", { name: "Market" })).toBeVisible();
    await expect(market.getByText("Stores running it now")).toBeVisible();
    // Segment Shop installed it two days ago; Published Shop removed it nine days ago.
    const weeks = page.getByTestId("market-weeks");
    await expect(weeks.getByRole("row")).toHaveCount(13);
    const installs = await weeks.locator("tbody tr td:nth-child(2)").allTextContents();
    const removals = await weeks.locator("tbody tr td:nth-child(3)").allTextContents();
    expect(installs.reduce((sum, cell) => sum + Number(cell.trim()), 0)).toBeGreaterThanOrEqual(1);
    expect(removals.reduce((sum, cell) => sum + Number(cell.trim()), 0)).toBeGreaterThanOrEqual(1);
    await expect(market.getByRole("link", { name: "Loox" })).toHaveAttribute("href", "/apps/loox");
    await expect(market.getByRole("link", { name: "Dawn" })).toHaveAttribute("href", "/themes/dawn");
    await market.getByRole("link", { name: "Every store running Judge.me Product Reviews in the directory" }).click();
    await expect(page).toHaveURL(/\/stores\?app=judge-me$/);
    await expect(page.getByRole("list", { name: "Stores" }).getByRole("link", { name: "Segment Shop" })).toBeVisible();

    await page.goto("/themes/dawn");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dawn");
    await expect(page.getByTestId("market-report").getByRole("link", { name: "Judge.me Product Reviews" })).toHaveAttribute(
      "href",
      "/apps/judge-me",
    );
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);
  });
}
