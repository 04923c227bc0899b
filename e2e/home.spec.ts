import { expect, test } from "@playwright/test";

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
