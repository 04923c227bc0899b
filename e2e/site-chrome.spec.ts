import { expect, test, type APIRequestContext } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

// What every page shares and what a visitor finds their way with: a favicon, a skip link, the
// current section marked in the navigation, a title and an H1 of each page's own, the directory's
// filters, the app directory's search and the API reference's contents and curl examples.
// Stores come from e2e/support/seed-public-site.ts.

async function waitForSeed(request: APIRequestContext) {
  const posts = async () => ((await (await request.get("/api/blog")).json()) as { data: unknown[] }).data.length;
  await expect.poll(posts, { timeout: 30_000 }).toBeGreaterThan(0);
}

test.beforeAll(async ({ request }) => {
  await waitForSeed(request);
});

test("pages load without a single 404, the favicon included", async ({ page }) => {
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  for (const path of ["/", "/stores", "/pricing"]) await page.goto(path, { waitUntil: "networkidle" });
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  const answer = await page.request.get(icon!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("image/svg+xml");
  expect(missing).toEqual([]);
});

test("the first Tab reaches a skip link that moves focus to the page's content", async ({ page }) => {
  await page.goto("/pricing");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("public pages have a title and an H1 of their own, and the header marks the section", async ({ page }) => {
  const pages: [path: string, title: string, h1: string, section: string | null][] = [
    ["/", "StoreLens — Shopify store analysis", "Analyze any Shopify store", null],
    ["/stores", "Shopify store directory · StoreLens", "Store directory", "Stores"],
    ["/stores/published-shop-test", "Published Shop — Shopify store analysis", "Published Shop", "Stores"],
    ["/apps", "Shopify app directory · StoreLens", "App directory", "Apps"],
    ["/docs", "API reference · StoreLens", "API reference", "API"],
    ["/docs/changelog", "API changelog · StoreLens", "API changelog", "API"],
    ["/pricing", "Pricing · StoreLens", "Pricing", "Pricing"],
    ["/sign-in", "Sign in · StoreLens", "Sign in to StoreLens", "Sign in"],
    ["/no-such-page", "Page not found · StoreLens", "Page not found", null],
  ];
  for (const [path, title, h1, section] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(h1);
    const current = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    if (section) await expect(current, path).toHaveText(section);
    else await expect(current, path).toHaveCount(0);
  }
});

test("each dashboard page has its own H1 and title, and its tab is marked current", async ({ page }) => {
  await signUp(page, uniqueEmail("chrome"));
  const pages: [path: string, title: string, h1: string, tab: string][] = [
    ["/dashboard", "Dashboard · StoreLens", "Dashboard", "Overview"],
    ["/dashboard/jobs", "Jobs · Dashboard · StoreLens", "Jobs", "Jobs"],
    ["/dashboard/tracked-stores", "Tracked stores · Dashboard · StoreLens", "Tracked stores", "Tracked stores"],
    ["/dashboard/api-keys", "API keys · Dashboard · StoreLens", "API keys", "API keys"],
    ["/dashboard/billing", "Billing · Dashboard · StoreLens", "Billing", "Billing"],
  ];
  for (const [path, title, h1, tab] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(h1);
    await expect(page.getByRole("navigation", { name: "Dashboard" }).locator('[aria-current="page"]'), path).toHaveText(tab);
    await expect(page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]'), path).toHaveText("Dashboard");
  }
  // Plans by name, dates in the one format.
  await page.goto("/dashboard/billing");
  await expect(page.getByTestId("billing-plan")).toHaveText("Free");
  await expect(page.getByText(/^Resets \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
});

test("the store directory filters by app and currency and sorts, all in the address", async ({ page }) => {
  // Each form is sent as a GET: waitForURL waits for the new page to load.
  // Other specs may have added stores: check the seeded ones, and their order among the rest.
  const names = () => page.getByRole("list", { name: "Stores" }).getByRole("link").allTextContents();
  const before = (list: string[], first: string, second: string) => list.indexOf(first) >= 0 && list.indexOf(first) < list.indexOf(second);

  await page.goto("/stores");
  expect(await names()).toEqual(expect.arrayContaining(["Published Shop", "Fresh Shop", "Third Shop"]));

  await page.getByLabel("Currency").selectOption("EUR");
  await page.getByRole("button", { name: "Show stores" }).click();
  await page.waitForURL(/currency=EUR/);
  await expect(page.getByText(/^\d+ stores? match(es)? these filters\.$/)).toBeVisible();
  expect(await names()).toContain("Published Shop");
  expect(await names()).not.toContain("Fresh Shop");
  await expect(page.getByRole("listitem").filter({ hasText: "Published Shop" })).toContainText("60 products · EUR · Dawn theme");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await page.waitForURL(/\/stores$/);
  await page.getByLabel("All of", { exact: true }).selectOption("loox");
  await page.getByRole("button", { name: "Show stores" }).click();
  await page.waitForURL(/app=loox/);
  await expect(page.getByLabel("All of", { exact: true })).toHaveValues(["loox"]);
  expect(await names()).toContain("Published Shop");
  expect(await names()).not.toContain("Third Shop");

  await page.goto("/stores");
  // The sort applies as soon as it changes.
  await page.getByLabel("Sort by").selectOption({ label: "Most products" });
  await page.waitForURL(/sort=products/);
  expect(before(await names(), "Third Shop", "Fresh Shop")).toBe(true);
  await page.getByLabel("Sort by").selectOption({ label: "Name (A–Z)" });
  await page.waitForURL(/sort=name/);
  expect(before(await names(), "Fresh Shop", "Third Shop")).toBe(true);
});

test("the app directory lists apps seen on stores first, searches all of them, and shows the rest on request", async ({
  page,
  request,
}) => {
  const { data } = (await (await request.get("/api/apps")).json()) as { data: { name: string; stores: number }[] };
  const seen = data.filter((app) => app.stores > 0);

  await page.goto("/apps");
  const apps = page.getByRole("list", { name: "Apps" });
  await expect(apps.getByRole("listitem")).toHaveCount(seen.length);
  await expect(apps.getByRole("listitem").first()).toContainText(`${seen[0]!.name}`);
  await expect(apps.getByRole("listitem").first()).toContainText(`${seen[0]!.stores} store`);
  await expect(apps).not.toContainText(/(^|\D)0 stores/);

  await page.getByRole("link", { name: new RegExp(`^Show all ${data.length} apps`) }).click();
  await expect(apps.getByRole("listitem")).toHaveCount(data.length);
  await expect(apps.getByRole("listitem").last()).toContainText("not seen yet");

  await page.getByLabel("Search apps").fill("loox");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=loox/);
  await expect(apps.getByRole("listitem")).toHaveCount(1);
  await expect(apps).toContainText("Loox");
  await expect(apps).toContainText("1 store");
});

test("the API reference has a table of contents and a curl example for each operation", async ({ page, request }) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods)).length;

  await page.goto("/docs");
  const contents = page.getByRole("navigation", { name: "On this page" }).filter({ visible: true });
  await expect(contents.getByRole("link", { name: "POST /api/jobs", exact: true })).toBeVisible();
  // One curl command per operation, beside the quick start's own.
  await expect(page.locator("section:not(#quick-start) pre code", { hasText: /^curl / })).toHaveCount(operations);

  await contents.getByRole("link", { name: "POST /api/jobs", exact: true }).click();
  await expect(page).toHaveURL(/#createJob$/);
  const createJob = page.locator("#createJob");
  await expect(createJob).toBeInViewport();
  const curl = createJob.locator("pre").first();
  await expect(curl).toContainText(`-H "X-API-Key: $STORELENS_API_KEY"`);
  await expect(curl).toContainText(`-d '{"domain":"allbirds.com"}'`);
  // An example answer, made from the response schema, on request.
  await createJob.getByText("Example answer (201)").click();
  await expect(createJob.locator("details pre")).toContainText('"id": "00000000-0000-4000-8000-000000000000"');
});

test("the API reference opens with a quick start, keeps the operator's endpoints last, and no id repeats", async ({ page }) => {
  await page.goto("/docs");
  const sections = await page.locator("main section[id]").evaluateAll((all) => all.map((section) => section.id));
  expect(sections[0]).toBe("quick-start");
  expect(sections.at(-1)).toBe("operator-endpoints");
  const quickStart = page.locator("#quick-start");
  await expect(quickStart.getByRole("heading", { level: 2 })).toHaveText("Quick start: analyze a store");
  await expect(quickStart).toContainText("X-API-Key: $STORELENS_API_KEY");
  await expect(quickStart).toContainText("/api/mcp");
  await expect(quickStart).toContainText("PAYMENT-SIGNATURE");
  await expect(page.locator("#operator-endpoints")).toContainText("POST/api/stripe/webhook");
  await expect(page.locator("#billing-endpoints")).not.toContainText("/api/stripe/webhook");
  const repeated = await page.evaluate(() => {
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  });
  expect(repeated).toEqual([]);
});

test("on a phone the header is one row with a Menu button that opens the links", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/stores");
  const header = page.locator("body > header");
  expect((await header.boundingBox())!.height).toBeLessThan(80);
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Pricing" })).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveText("Stores");
  // The links are the next stops of the keyboard.
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Stores" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();

  await menu.click();
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  // A laptop has the links in the header and no Menu button.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole("link", { name: "Pricing" })).toBeVisible();
});

test("on a phone the dashboard tabs say more are beyond the edge, and the e-mail notice can be dismissed", async ({ page }) => {
  await signUp(page, uniqueEmail("phone-tabs"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  const after = page.getByTestId("tabs-fade-after");
  await expect(after).toHaveCSS("opacity", "1");
  await tabs.getByRole("link", { name: "Billing" }).scrollIntoViewIfNeeded();
  await expect(after).toHaveCSS("opacity", "0");
  await expect(page.getByTestId("tabs-fade-before")).toHaveCSS("opacity", "1");
  // Opened on Billing, the row shows Billing.
  await page.goto("/dashboard/billing");
  await expect(tabs.getByRole("link", { name: "Billing" })).toBeInViewport();

  const banner = page.getByRole("region", { name: "Confirm your e-mail" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss this notice" }).click();
  await expect(banner).toHaveCount(0);
  // Remembered for the session: the next page does not bring it back.
  await page.goto("/dashboard/jobs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs");
  await expect(banner).toHaveCount(0);
});
