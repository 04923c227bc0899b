import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, expectNoOverflow, VIEWPORTS } from "./support/page-checks";

// A signed-out visitor tries the home page's form: a quick look at the store (its home page read
// through the store crawler from the fake store, e2e/support/serve.ts), shown under the form,
// then the way to the full report, with the domain kept through sign-up.

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  const domain = `quick-look-${width}.test`;

  test(`a signed-out visitor gets a quick look at ${domain} at ${viewport.width} px, then signs up for the full report`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await page.getByRole("textbox", { name: "Store domain" }).fill(`https://${domain}/collections/all`);
    await page.getByRole("button", { name: "Analyze" }).click();

    const look = page.getByTestId("quick-look");
    await expect(look.getByRole("heading", { name: `Quick look at ${domain}` })).toBeVisible({ timeout: 20_000 });
    // Still the home page: the visitor was not sent to sign in.
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(look.getByRole("definition").filter({ hasText: "Dawn" })).toBeVisible();
    await expect(look).toContainText("Klaviyo");
    await expect(look).toContainText("Judge.me");
    await expect(look).toContainText("Answers Shopify's Storefront MCP");
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);

    await look.getByRole("link", { name: "Get the full report" }).click();
    await expect(page.getByRole("heading", { name: "Create your StoreLens account" })).toBeVisible();
    await page.getByLabel("E-mail").fill(uniqueEmail(`quick-look-${width}`));
    await page.getByLabel("Password").fill("Correct horse 42!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?domain=${domain.replace(/\./g, "\\.")}$`));
    await expect(page.getByRole("textbox", { name: "Store domain" })).toHaveValue(domain);
  });
}

test("a domain that is not one says so under the form, and nothing is looked up", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("textbox", { name: "Store domain" }).fill("localhost");
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "at least two labels" })).toBeVisible();
  await expect(page.getByTestId("quick-look")).toHaveCount(0);
});

test("sent without scripts, the form goes to sign in with the domain kept for the dashboard", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("textbox", { name: "Store domain" }).fill("demo.test");
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdashboard%3Fdomain%3Ddemo\.test$/);
  await context.close();
});

test("past its address's day of quick looks, the form says so and offers an account", async ({ browser }) => {
  // Limits count per client address (the first X-Forwarded-For): an address of its own, used up through the API.
  const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  for (let answered = 0; (await context.request.get("/api/quick-look?domain=demo.test")).status() === 200; answered++) {
    expect(answered, "the per-address limit never answered 429").toBeLessThan(100);
  }
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("textbox", { name: "Store domain" }).fill("demo.test");
  await page.getByRole("button", { name: "Analyze" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "quick looks a day from one address" });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("link", { name: "Create a free account" })).toHaveAttribute(
    "href",
    `/sign-up?callbackUrl=${encodeURIComponent("/dashboard?domain=demo.test")}`,
  );
  await expect(page.getByTestId("quick-look")).toHaveCount(0);
  await context.close();
});

test("the endpoint answers anyone, and refuses what is not a store domain with the house's error body", async ({ request }) => {
  const refused = await request.get("/api/quick-look?domain=10.0.0.1");
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: "invalid_request" });
  expect((await request.post("/api/quick-look?domain=demo.test")).status()).toBe(405);
});
