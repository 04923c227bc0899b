import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

/** Marks the current document: the marker survives client-side navigation, not a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => window.__sameDocument === true)).toBe(true);
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
}

async function submitDomain(page: Page, domain: string) {
  await page.getByRole("textbox", { name: "Store domain" }).fill(domain);
  await page.getByRole("button", { name: "Analyze" }).click();
}

const firstPrice = (text: string) => Number(/[\d,]+(?:\.\d+)?/.exec(text)?.[0]?.replace(/,/g, "") ?? Number.NaN);

test("a signed-in user submits a store, watches it progress live, and lands on the report without a reload", async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, uniqueEmail("watch"));
  await page.goto("/");
  await markDocument(page);

  await submitDomain(page, "progress.test");
  const bar = page.getByRole("progressbar", { name: "Analyzing progress.test" });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuemin", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", "100");

  // The bar moves: several distinct values while the 4,000 products are read, with the step shown.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const value = await bar.getAttribute("aria-valuenow", { timeout: 500 }).catch(() => null);
        if (value !== null) seen.add(value);

        return seen.size;
      },
      { intervals: [100], timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(2);
  const progress = page.getByTestId("job-progress");
  await expect(progress).toHaveAttribute("data-transport", "websocket");
  // The steps are listed by name, the current one explained; no internal step ids.
  const steps = page.getByRole("region", { name: "Steps" }).getByRole("listitem");
  await expect(steps).toHaveText([
    /Checking the store/,
    /Reading products/,
    /Reading collections/,
    /Reading pages/,
    /Detecting apps and theme/,
    /Checking AI agent readiness/,
    /Rendering the store/,
    /Measuring speed/,
    /Building the report/,
  ]);
  await expect(steps.first()).toHaveAttribute("data-state", "done");
  // A finished step says how long it took.
  await expect(steps.first()).toContainText(/\d+\.\d s$/);
  // Once the listing has a pace, the time left is estimated from the job's own timings.
  await expect(page.getByTestId("time-left")).toHaveText(/left$/, { timeout: 30_000 });
  // After the listing, the long wait says what it is doing.
  await expect(steps.filter({ hasText: "Reading collections" })).toHaveAttribute("data-state", "current", { timeout: 30_000 });
  await expect(page.getByTestId("step-explanation")).toContainText("which products each one holds");
  await expect(progress).not.toContainText(/fetch-products|fetch-collections|resolve-store/);
  expect([...seen].every((value) => Number(value) >= 0 && Number(value) <= 100)).toBe(true);

  // Completion opens the report in the same document.
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("products-pagination")).toHaveText("Showing 1–25 of 4,000 products");
  await expectSameDocument(page);
  const reportUrl = page.url();

  // The report page on its own: search, sort and pagination from the URL.
  await page.goto(reportUrl);
  await expect(page).toHaveTitle(/progress\.test.*Shopify store report/);
  const rows = page.getByTestId("product-row");
  await expect(rows).toHaveCount(25);

  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/\?page=2/, { timeout: 15_000 });
  await expect(page.getByTestId("products-pagination")).toHaveText("Showing 26–50 of 4,000 products");
  await expect(page.getByText("Page 2 of 160")).toBeVisible();

  await page.getByRole("link", { name: /^Price/ }).click();
  await expect(page).toHaveURL(/sort=price/, { timeout: 15_000 });
  await expect(page.getByRole("table", { name: "Products", exact: true }).getByRole("columnheader", { name: /Price/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByTestId("products-pagination")).toHaveText("Showing 1–25 of 4,000 products");
  const ascending = (await page.getByTestId("product-price").allTextContents()).map(firstPrice);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

  await page.getByRole("link", { name: /^Price/ }).click();
  await expect(page).toHaveURL(/sort=price&dir=desc/, { timeout: 15_000 });
  await expect(page.getByRole("table", { name: "Products", exact: true }).getByRole("columnheader", { name: /Price/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect
    .poll(async () => firstPrice((await page.getByTestId("product-price").first().textContent()) ?? ""))
    .toBeGreaterThan(ascending[0]!);

  const title = (await rows.nth(2).getByRole("link").textContent())!.trim();
  await page.getByRole("searchbox", { name: "Search products" }).fill(title);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(title).replace(/%20/g, "(\\+|%20)")}`));
  await expect(page.getByTestId("products-pagination")).toHaveText(/ of [\d,]+ products? \(of 4,000\)$/);
  await expect(rows.first()).toContainText(title);
  await page.getByRole("searchbox", { name: "Search products" }).fill("no product is called this");
  await expect(page.getByTestId("products-pagination")).toHaveText("No products match “no product is called this”");
  await expect(rows).toHaveCount(0);

  // The dashboard's Jobs tab lists the job as completed, linking to the report.
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);
  const row = page.getByTestId("job-row").filter({ hasText: "progress.test" });
  await expect(row).toContainText("completed");
  await expect(row.getByRole("link", { name: "View report →" })).toHaveAttribute("href", new URL(reportUrl).pathname);
});

test("a password-protected store's analysis fails in plain words, says what to do, and costs the month nothing", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("locked"));
  await page.goto("/");
  await submitDomain(page, "locked.test");

  const failure = page.getByTestId("job-failure");
  await expect(failure.getByRole("heading", { name: "We could not analyze locked.test" })).toBeVisible({ timeout: 60_000 });
  await expect(failure).toContainText("locked.test is password-protected");
  await expect(failure).toContainText("What to do: If it is your store, remove the storefront password");
  await expect(failure).toContainText("This analysis did not count against your free analyses this month.");
  // Once failed, nothing still says it is analyzing, and the codes stay in the API.
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText(/Analyzing/)).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/store_password_protected|resolve-store/);
  await expect(page.getByRole("region", { name: "Steps" }).getByRole("listitem").first()).toHaveAttribute("data-state", "failed");

  // The job's own page says the same, at a desktop and a phone width, without sideways scrolling.
  await page.goto("/dashboard/jobs");
  const row = page.getByTestId("job-row").filter({ hasText: "locked.test" });
  await expect(row).toContainText("password-protected");
  await row.getByRole("link", { name: "locked.test" }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(/Analysis of locked\.test failed/);
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId("job-failure")).toContainText("did not count against your free analyses");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // The next step leads back to the form with the address filled in, ready to correct.
  await page.getByRole("link", { name: "Enter another address" }).click();
  await expect(page.getByRole("textbox", { name: "Store domain" })).toHaveValue("locked.test");
});

test("an invalid domain shows the API's 400 explanation inline, as a sentence", async ({ page }) => {
  await signUp(page, uniqueEmail("baddomain"));
  await page.goto("/");
  await submitDomain(page, "not a domain");
  await expect(page.getByRole("alert").filter({ hasText: "not a valid host name" })).toHaveText('"not a domain" is not a valid host name.');
  await expect(page.getByRole("textbox", { name: "Store domain" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});

// A proxy that refuses upgrades (and, worse, buffers event streams): progress still arrives.
for (const broken of [["websocket"], ["websocket", "sse"]] as const) {
  const expected = broken.length === 1 ? "sse" : "polling";

  test(`without ${broken.join(" and ")} the progress falls back to ${expected} and still completes`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.routeWebSocket(/\/api\/ws\//, (ws) => ws.close({ code: 1011, reason: "no upgrades here" }));
    if (broken.length === 2) await page.route(/\/api\/jobs\/[^/]+\/events$/, (route) => route.abort());
    await signUp(page, uniqueEmail(expected));
    await page.goto("/");
    await markDocument(page);

    await submitDomain(page, "demo.test");
    await expect(page.getByTestId("job-progress")).toHaveAttribute("data-transport", expected);
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByTestId("products-pagination")).toHaveText("Showing 1–22 of 22 products");
    await expectSameDocument(page);
  });
}

test("an unknown report is a 404 page", async ({ page }) => {
  const response = await page.goto("/reports/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});
