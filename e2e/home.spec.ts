import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, expectNoOverflow, VIEWPORTS } from "./support/page-checks";

test("home page invites a visitor to analyze a store", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analyze any Shopify store");
  await expect(page.getByRole("textbox", { name: "Store domain" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Analyze" })).toBeVisible();
  // Tailwind is compiled into the build: the primary button carries its color.
  const background = await page.getByRole("button", { name: "Analyze" }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
});

test("health endpoint reports the database and the engine", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", engine: "embedded" });
  expect(body.db).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  expect(typeof body.version).toBe("string");
});

// The sample report the server builds at its first start from a bundled capture (lib/sample-report):
// previewed in the hero's right half on a laptop, below the form on a phone, and labelled a sample
// where it opens.
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the home page previews the sample report (${name}), and its link opens a report labelled as a sample`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const card = page.getByRole("region", { name: "Sample report" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Feastables");
    await expect(card).toContainText("not live data");
    await expect(card.getByText(/Theme/)).toBeVisible();
    const form = page.getByRole("textbox", { name: "Store domain" });
    const [cardBox, formBox] = [await card.boundingBox(), await form.boundingBox()];
    if (name === "desktop") {
      // Beside the form, in the hero's right half.
      expect(cardBox!.x).toBeGreaterThan(viewport.width / 2);
      expect(cardBox!.y).toBeLessThan(formBox!.y + formBox!.height);
    } else {
      expect(cardBox!.y).toBeGreaterThan(formBox!.y);
    }
    await expect(page.getByRole("heading", { name: "What a merchant or an agency gets" })).toBeVisible();
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);

    await card.getByRole("link", { name: "See the full sample report" }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Feastables");
    await expect(page.getByText("Sample report", { exact: true })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("A sample, not live data");
    await expect(page.getByText(/Captured from feastables\.com by/)).toBeVisible();
    await expect(page).toHaveTitle(/^Sample report: Feastables/);
    await expectNoOverflow(page);
    await expectNoAxeViolations(page);
  });
}
