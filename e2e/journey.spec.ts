/**
 * A new user's whole journey, once at a laptop's width and once at a phone's, each with a fresh
 * account: a quick look at the store signed out, sign up from it, confirm the address, analyze a store from the dashboard and watch it there,
 * read the report, track the shop and open its analytics, then fail on a password-protected
 * store and see that the failure cost nothing. Every screen on the way must fit the window and
 * pass axe. With JOURNEY_SCREENSHOTS=<dir> it also saves the main screens for the README
 * (`npm run screenshots`).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { readEmailLink } from "./support/mail-outbox";
import { expectNoAxeViolations, expectNoOverflow, VIEWPORTS } from "./support/page-checks";

const fakeStoreOrigin = `http://127.0.0.1:${process.env.E2E_FAKE_STORE_PORT}`;
const screenshotDir = process.env.JOURNEY_SCREENSHOTS;

// A full-page capture of a long page (the report) would be several megabytes; the README shows its top.
const MAX_SHOT_HEIGHT = { desktop: 1800, phone: 2400 } as const;

type ViewportName = keyof typeof VIEWPORTS;

/** Holds every screen to the same bar, and saves it for the README when asked to. */
async function checkScreen(page: Page, viewport: ViewportName, screenshot?: string): Promise<void> {
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
  if (!screenshotDir || !screenshot) return;
  mkdirSync(screenshotDir, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: path.join(screenshotDir, `${screenshot}-${viewport}.png`),
    fullPage: true,
    clip: { x: 0, y: 0, width: VIEWPORTS[viewport].width, height: Math.min(height, MAX_SHOT_HEIGHT[viewport]) },
    animations: "disabled",
    caret: "hide",
  });
}

/** Makes every answer of the journey's store slow (or fast again), so the progress can be watched and checked. */
async function setStoreLatency(page: Page, store: string, latencyMs: number): Promise<void> {
  const response = await page.request.put(`${fakeStoreOrigin}/__fake/stores/${store}/faults`, { data: latencyMs ? { latencyMs } : {} });
  expect(response.status()).toBe(200);
}

async function analyzeFromDashboard(page: Page, domain: string): Promise<void> {
  await page.getByRole("textbox", { name: "Store domain" }).fill(domain);
  await page.getByRole("button", { name: "Analyze" }).click();
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`a new user's journey on a ${viewport} (${VIEWPORTS[viewport].width} px): quick look, sign up, confirm, analyze, read, track, and a failure that costs nothing`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Each width analyzes and tracks its own store (e2e/support/serve.ts): its first snapshot, whatever ran before.
    const store = `journey-${viewport}.test`;
    const slug = `journey-${viewport}-test`;
    await page.setViewportSize(VIEWPORTS[viewport]);
    // Product images come from the store's CDN, which the test machine does not reach: placeholders show.
    await page.route("https://cdn.shopify.com/**", (route) => route.abort());

    // Signed out, the home page's form gives a quick look at the store, then the way to the full report.
    await page.goto("/");
    await page.getByRole("textbox", { name: "Store domain" }).fill(store);
    await page.getByRole("button", { name: "Analyze" }).click();
    const look = page.getByTestId("quick-look");
    await expect(look.getByRole("heading", { name: `Quick look at ${store}` })).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, viewport, "quick-look");
    await look.getByRole("link", { name: "Get the full report" }).click();

    // Sign up there: the dashboard keeps the domain and says a confirmation link was sent.
    const email = uniqueEmail(`journey-${viewport}`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard\?domain=/, { timeout: 30_000 });
    await expect(page.getByRole("textbox", { name: "Store domain" })).toHaveValue(store);
    const banner = page.getByRole("region", { name: "Confirm your e-mail" });
    await expect(banner).toContainText(`We sent a link to ${email}`);
    await checkScreen(page, viewport);

    // Confirm: the mailed link opens a page with one button, then leads back to a dashboard without the banner.
    await page.goto(new URL(await readEmailLink(email, "/verify-email")).pathname);
    await checkScreen(page, viewport);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is confirmed" })).toBeVisible();
    await checkScreen(page, viewport);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Analyze a store" })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId("usage")).toHaveText("0 of 3 analyses used");
    await checkScreen(page, viewport);

    // Analyze from the dashboard and watch it there: the store answers slowly until the progress is checked.
    await setStoreLatency(page, store, 1_500);
    try {
      await analyzeFromDashboard(page, store);
      const bar = page.getByRole("progressbar", { name: `Analyzing ${store}` });
      await expect(bar).toBeVisible();
      const steps = page.getByRole("region", { name: "Steps" }).getByRole("listitem");
      await expect(steps.first()).toHaveAttribute("data-state", "done", { timeout: 30_000 });
      await expect(bar).toBeVisible();
      await checkScreen(page, viewport, "progress");
    } finally {
      await setStoreLatency(page, store, 0);
    }
    // The finished job opens its report: the store's products, listed.
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const reportPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Izabel de Paula");
    await expect(page.getByTestId("products-pagination")).toHaveText("Showing 1–22 of 22 products");
    await expect(page.getByTestId("product-row")).toHaveCount(22);
    await checkScreen(page, viewport, "report");
    // Deep in the report, its section links stay in reach and lead back to the top.
    const sections = page.getByRole("navigation", { name: "Report sections" });
    await sections.getByRole("link", { name: "Theme & apps" }).click();
    await expect(page.locator("#theme-apps-title")).toBeInViewport();
    await expect(sections).toBeInViewport();
    await sections.getByRole("link", { name: "Top" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

    // Track the shop from the report; its analytics page opens and leads back to the report.
    await page.getByRole("group", { name: "Report actions" }).getByRole("button", { name: "Track store" }).click();
    const tracked = page.getByRole("link", { name: "Tracked: open shop" });
    await expect(tracked).toHaveAttribute("href", `/dashboard/tracked-stores/${slug}`);
    await tracked.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tracked-stores/${slug}$`));
    await expect(page.getByRole("heading", { name: "Izabel de Paula" })).toBeVisible();
    await expect(page.getByTestId("catalog-figures")).toContainText("22");
    // One snapshot measures no sales yet, and the page says so.
    await expect(page.getByTestId("units-sold")).toContainText("Not enough data yet");
    await expect(
      page.getByRole("navigation", { name: "Reports of this shop" }).getByRole("link", { name: "Latest report" }),
    ).toHaveAttribute("href", reportPath);
    await checkScreen(page, viewport, "tracked-store");

    // A password-protected store fails in plain words, and the analysis is handed back.
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const usage = page.getByTestId("usage");
    await expect(usage).toHaveText("1 of 3 analyses used");
    await expect(page.getByTestId("tracked-store-figures")).toContainText("Izabel de Paula");
    await analyzeFromDashboard(page, "locked.test");
    const failure = page.getByTestId("job-failure");
    await expect(failure.getByRole("heading", { name: "We could not analyze locked.test" })).toBeVisible({ timeout: 60_000 });
    await expect(failure).toContainText("locked.test is password-protected");
    await expect(failure).toContainText("This analysis did not count against your free analyses this month.");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    // The usage beside the panel agrees with it, without a reload.
    await expect(usage).toHaveText("1 of 3 analyses used");
    await checkScreen(page, viewport, "failure");

    // Back on the dashboard later: both jobs listed, the failure still free.
    await page.reload();
    await expect(usage).toHaveText("1 of 3 analyses used");
    await expect(page.getByTestId("recent-job").filter({ hasText: store })).toContainText("completed");
    await expect(page.getByTestId("recent-job").filter({ hasText: "locked.test" })).toContainText(/failed|password-protected/);
    await checkScreen(page, viewport, "dashboard");
  });
}
