import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

// The store page chat runs against the fake model of e2e/support/serve.ts, which looks up the
// store summary and quotes its figures. demo.test has 22 products.
test.describe.serial("chat on a store page", () => {
  test("a signed-in user asks a question and reads the streamed answer, grounded in the store's data", async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, uniqueEmail("chat"));
    await page.goto("/");
    await page.getByRole("textbox", { name: "Store domain" }).fill("demo.test");
    await page.getByRole("button", { name: "Analyze" }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 90_000 });

    await page.goto("/stores/demo-test");
    const panel = page.getByRole("region", { name: /Ask about/ });
    await expect(panel).toBeVisible();
    await panel.getByRole("textbox", { name: "Your question" }).fill("How many products does this store have?");
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/chat") && response.request().method() === "POST");
    await panel.getByRole("button", { name: "Ask" }).click();

    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/event-stream");
    await expect(panel.locator('[data-role="user"]')).toHaveText(/How many products does this store have\?/);
    const answer = panel.locator('[data-role="assistant"]');
    await expect(answer).toContainText("From StoreLens data: product count 22");
    await expect(answer).toContainText("Looked up: store summary");
    await expect(panel.getByRole("button", { name: "Ask" })).toBeVisible();
  });

  test("an anonymous visitor who asks too often is told the limit and when it resets", async ({ page }) => {
    await page.goto("/stores/demo-test");
    const panel = page.getByRole("region", { name: /Ask about/ });
    const question = panel.getByRole("textbox", { name: "Your question" });

    // Anonymous callers get 3 questions per sliding minute.
    for (let i = 1; i <= 3; i += 1) {
      await question.fill(`Question ${i}`);
      await panel.getByRole("button", { name: "Ask" }).click();
      await expect(panel.locator('[data-role="assistant"]')).toHaveCount(i);
      await expect(panel.getByRole("button", { name: "Ask" })).toBeVisible();
    }
    await question.fill("Question 4");
    await panel.getByRole("button", { name: "Ask" }).click();

    const notice = panel.getByRole("alert");
    await expect(notice).toHaveAttribute("data-kind", "limit");
    await expect(notice).toContainText(/at most 3 chat requests per minute/);
    await expect(notice).toContainText(/You can ask again in \d+ s \(at \d\d:\d\d UTC\)/);
  });
});
