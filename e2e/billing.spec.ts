import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

// Checkout runs on a fake Stripe on loopback (started by e2e/support/serve.ts): its Pay button
// sends Stripe's signed events to our webhook, then sends the browser to success_url.

test("a signed-in user buys pro_monthly through Checkout and sees Pro on the Billing tab", async ({ page }) => {
  await signUp(page, uniqueEmail("pro"));
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByTestId("billing-plan")).toHaveText("Free");
  await expect(page.getByTestId("billing-usage")).toHaveText("0 / 3");
  await expect(page.getByTestId("billing-credits")).toHaveText("0");

  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await expect(page.getByText("subscription · pro_monthly · USD 29.99")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/dashboard\/billing\?checkout=cs_test_\w+$/);
  await expect(page.getByTestId("billing-plan")).toHaveText("Pro");
  await expect(page.getByTestId("billing-usage")).toHaveText("Unlimited");
  await expect(page.getByText(/Subscription: active/)).toBeVisible();

  await page.getByRole("button", { name: "Manage subscription" }).click();
  await expect(page.getByRole("heading", { name: "Fake billing portal" })).toBeVisible();
});

test("a signed-out visitor buys a single_report for a store and reads it at the checkout session id", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pro" })).toBeVisible();

  await page.getByRole("textbox", { name: "Store domain" }).fill("paid.test");
  await page.getByRole("button", { name: "Buy a report — USD 9.99" }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await expect(page.getByText("paid.test")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/reports\/cs_test_\w+$/);
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  // The page waits for the job and shows the report when it completes.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /products/i }).first()).toBeVisible({ timeout: 60_000 });

  const report = await request.get(`/api/reports/${sessionId}`, { headers: { "accept-encoding": "br, gzip" } });
  expect(report.status()).toBe(200);
  // The stored brotli body goes out as it is (decoded here by the client), and revalidates.
  expect(report.headers()["content-encoding"]).toBe("br");
  expect(report.headers()["x-stored-content-encoding"]).toBeUndefined();
  const body = await report.json();
  expect(body.job).toMatchObject({ domain: "paid.test", status: "completed" });
  const etag = report.headers()["etag"]!;
  expect((await request.get(`/api/reports/${sessionId}`, { headers: { "if-none-match": etag } })).status()).toBe(304);

  // Not signed in, and nothing else was bought: the anonymous API caller still cannot submit jobs.
  const anonymous = await request.post("/api/jobs", { data: { domain: "paid.test" } });
  expect(anonymous.status()).toBe(401);
});
