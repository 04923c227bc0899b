import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

// The report page a merchant shares: the actions each viewer may use (track, analyze again,
// export, store page, share), values in words rather than codes or JSON, provenance said once,
// charts, product images over a placeholder, stock and compare-at prices, PageSpeed's failure in
// plain words, the store's desktop and phone screenshots, the way to the tracked store and back,
// and no sideways scrolling on a phone.

test.describe.configure({ mode: "serial" });

let reportPath = "";

/** Pixels the page scrolls sideways; 1 allows for rounding. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a signed-in reader uses the report's actions, reads it in words, and tracks the shop", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("report"));
  const submitted = await page.request.post("/api/jobs", { data: { domain: "report.test" } });
  expect(submitted.status()).toBe(201);
  const { job } = (await submitted.json()) as { job: { id: string } };
  const status = async () => ((await (await page.request.get(`/api/jobs/${job.id}/status`)).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 60_000 }).toBe("completed");
  reportPath = `/reports/${job.id}`;

  // Store images never load here: the placeholder stays.
  await page.route("https://cdn.shopify.com/**", (route) => route.abort());
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(reportPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Izabel de Paula");

  const actions = page.getByRole("group", { name: "Report actions" });
  await expect(actions.getByRole("button", { name: "Track store" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Analyze again" })).toBeVisible();
  await expect(actions.getByRole("link", { name: "Products (Shopify CSV)" })).toHaveAttribute(
    "href",
    "/api/free-export?slug=report-test&format=csv",
  );
  await expect(actions.getByRole("link", { name: "Products (JSON)" })).toHaveAttribute(
    "href",
    "/api/free-export?slug=report-test&format=json",
  );
  await expect(actions.getByRole("link", { name: "Store page" })).toHaveAttribute("href", "/stores/report-test");
  // Desktop Chromium on Linux has no share sheet: the link goes to the clipboard.
  await actions.getByRole("button", { name: "Share" }).click();
  await expect(actions.getByRole("status")).toHaveText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${reportPath}`);

  // Words, not codes or JSON; provenance once, not on every value.
  const main = page.getByRole("main");
  const text = await main.innerText();
  expect(text).not.toMatch(/\{"|"basis"|listing\+sitemap/);
  expect(text).not.toMatch(/\b(OBSERVED|DERIVED)\b/);
  await expect(main.getByText("Where the figures come from:")).toHaveCount(1);
  const details = page.locator("#details");
  await expect(details.getByRole("heading", { name: "Read from the store" })).toBeVisible();
  await expect(details).toContainText("Portugal");
  await expect(details).toContainText("Euro (EUR)");
  await expect(details).toContainText(/Checked against the product sitemap|From the product listing only/);
  await details.getByLabel("How “Completeness check” was obtained").click();
  await expect(details.getByText(/compared with the store's product sitemap/)).toBeVisible();
  // The store as our own browser rendered it: both screenshots load, the desktop one the wider.
  await expectScreenshots(page);
  const apps = page.locator("#theme-apps");
  await expect(apps).toContainText("Email & SMS");
  await expect(apps).not.toContainText("email-sms");
  // How each app was found, on demand and by keyboard.
  const klaviyo = apps.locator("details", { has: page.getByLabel("How we know: Klaviyo") });
  await expect(klaviyo.getByText("Seen in a script the page loads.")).toBeHidden();
  await apps.getByLabel("How we know: Klaviyo").focus();
  await page.keyboard.press("Enter");
  await expect(klaviyo.getByText("Seen in a script the page loads.")).toBeVisible();
  await expect(klaviyo.getByText("High confidence")).toBeVisible();
  // The summary says in words what the store runs, how big it is and that nothing came before.
  await expect(page.getByRole("article").locator("header")).toContainText(
    /Runs the .+ theme with \d+ apps?\. [\d,]+ products?.*First analysis of this store\./,
  );
  // PageSpeed is off on the test server: the section says so, with no measurement date beside it.
  await expect(page.locator("#pagespeed")).toContainText("No PageSpeed measurement was made");
  await expect(page.locator("#pagespeed")).not.toContainText("Measured");
  // The fake store's web pixels, its own profiles (not its share button) and its languages.
  await expect(page.locator("#marketing")).toContainText("G-FAKE12345X");
  await expect(page.locator("#marketing")).toContainText("987654321098765");
  await expect(page.locator('#socials a[href*="instagram.com"]')).toHaveAttribute("rel", /nofollow/);
  await expect(page.locator("#socials")).not.toContainText("sharer");
  await expect(page.locator("#markets")).toContainText("French");
  // Agent readiness in sentences, and what robots.txt tells each AI crawler (the fake store's defaults).
  const agents = page.locator("#agent-readiness");
  await expect(agents).toContainText("Answers Shopify's Storefront MCP (5 tools: search_shop_catalog,");
  await expect(agents).toContainText("UCP profile: version 2026-04-08");
  await expect(agents).toContainText("llms.txt: present");
  // The crawler table is folded into one line until asked for.
  const crawlers = agents.getByRole("table", { name: "AI crawlers in robots.txt" });
  await expect(crawlers).toBeHidden();
  await agents.getByText(/^AI crawlers in robots\.txt: .*disallowed/).click();
  await expect(crawlers.getByRole("row", { name: /GPTBot/ })).toContainText("Whole site disallowed");
  await expect(crawlers.getByRole("row", { name: /ClaudeBot/ })).toContainText("Allowed");

  // Charts, each with its table of figures.
  await expect(page.getByRole("table", { name: "Products per price band" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Top vendors" }).getByRole("rowheader", { name: "Izabel de Paula" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Product types" }).getByRole("rowheader").first()).toBeVisible();

  // Products: an image over its placeholder, stock (this store shows quantities), compare-at prices.
  // The server renders each image straight from the store's CDN, lazily and without a referrer...
  const served = await (await page.request.get(reportPath)).text();
  expect(served).toMatch(/<img[^>]+src="https:\/\/cdn\.shopify\.com\/[^"]+width=96"[^>]*>/);
  expect(served.match(/<img[^>]+src="https:\/\/cdn\.shopify\.com[^>]*>/)![0]).toMatch(
    /loading="lazy"[^>]*referrerPolicy="no-referrer"|referrerPolicy="no-referrer"[^>]*loading="lazy"/i,
  );
  // ...and one that does not load leaves its placeholder, not a broken image.
  const firstRow = page.getByTestId("product-row").first();
  await expect(firstRow.locator("img")).toHaveCount(0);
  await expect(firstRow.locator("svg")).toBeVisible();
  await expect(page.getByTestId("product-stock").first()).toHaveText(/^\d[\d,]* in stock$/);
  await expect(page.getByRole("table", { name: "Products", exact: true }).locator("s").first()).toBeVisible();

  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(1);
  const axe = await new AxeBuilder({ page }).include("article").analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );

  // Tracking the shop turns the button into the way to its page, which links back to the report.
  await page.goto(reportPath);
  await page.getByRole("button", { name: "Track store" }).click();
  const tracked = page.getByRole("link", { name: "Tracked: open shop" });
  await expect(tracked).toHaveAttribute("href", "/dashboard/tracked-stores/report-test");
  await tracked.click();
  await expect(page).toHaveURL(/\/dashboard\/tracked-stores\/report-test$/);
  await expect(page.getByRole("navigation", { name: "Reports of this shop" }).getByRole("link", { name: "Latest report" })).toHaveAttribute(
    "href",
    reportPath,
  );

  // On a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(reportPath);
  await expect(page.getByRole("link", { name: "Tracked: open shop" })).toBeVisible();
  await expectScreenshots(page);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(1);
  await expectSectionNavigation(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(reportPath);
  await expectSectionNavigation(page);
});

/**
 * The section links cover every section the report shows, stay in reach after a jump deep into
 * the page, and the first of them leads back to the top; how the store was read sits folded in
 * "About this analysis".
 */
async function expectSectionNavigation(page: Page) {
  const article = page.getByRole("article");
  const nav = page.getByRole("navigation", { name: "Report sections" });
  const sectionIds = await article.locator(":scope > section[id]").evaluateAll((sections) => sections.map((section) => section.id));
  const linked = await nav.locator('a[href^="#"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!.slice(1)));
  expect(linked.slice(1)).toEqual(sectionIds);
  expect(sectionIds).toEqual(
    expect.arrayContaining(["overview", "theme-apps", "products", "socials", "markets", "agent-readiness", "about"]),
  );

  await nav.getByRole("link", { name: "About this analysis" }).click();
  await expect(page).toHaveURL(/#about$/);
  await expect(page.locator("#about").getByText("Where the figures come from:")).toBeInViewport();
  await expect(nav).toBeInViewport();
  const navTop = await nav.evaluate((element) => element.getBoundingClientRect().top);
  expect(navTop).toBeLessThanOrEqual(1);
  // The heading a link leads to is not hidden under the bar that stays on top.
  const heading = page.locator("#about-title");
  const [navBottom, headingTop] = [
    await nav.evaluate((e) => e.getBoundingClientRect().bottom),
    await heading.evaluate((e) => e.getBoundingClientRect().top),
  ];
  expect(headingTop).toBeGreaterThanOrEqual(navBottom);
  await expect(page.locator("#crawl")).not.toHaveAttribute("open");
  await page.locator("#crawl summary").click();
  await expect(page.locator("#crawl")).toContainText("Signed");

  await nav.getByRole("link", { name: "Top" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(1);
}

/** The report's desktop and phone screenshots, each loaded (a JPEG the browser decoded) and shown. */
async function expectScreenshots(page: Page) {
  const section = page.locator("#store");
  await expect(section.getByRole("heading", { name: "The store" })).toBeVisible();
  const desktop = section.getByRole("img", { name: "The home page of report.test at desktop width (1280 × 800)" });
  const phone = section.getByRole("img", { name: "The home page of report.test at phone width (390 × 844)" });
  for (const image of [desktop, phone]) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  }
  expect(await desktop.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  expect(await phone.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(390);
  const answer = await page.request.get(await desktop.evaluate((img: HTMLImageElement) => img.src));
  expect(answer.headers()["cache-control"]).toBe("public, max-age=300, must-revalidate");
  // The pixel the fake store's page adds from script is named among what only the render saw.
  await expect(section).toContainText(/Seen only once its scripts ran: .*TikTok pixel \(CRENDERED0TIKTOK00\)/);
}

test("a signed-out reader of a shared report is offered only what they may use", async ({ browser }) => {
  expect(reportPath).not.toBe("");
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await page.goto(reportPath);
  const actions = page.getByRole("group", { name: "Report actions" });
  await expect(actions.getByRole("link", { name: "Sign in to track or analyze again" })).toHaveAttribute(
    "href",
    `/sign-in?callbackUrl=${encodeURIComponent(reportPath)}`,
  );
  await expect(actions.getByRole("button", { name: "Track store" })).toHaveCount(0);
  await expect(actions.getByRole("button", { name: "Analyze again" })).toHaveCount(0);
  await expect(actions.getByRole("link", { name: "Products (Shopify CSV)" })).toBeVisible();
  await expect(actions.getByRole("link", { name: "Store page" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Share" })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(1);
  await visitor.close();
});
