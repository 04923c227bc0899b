import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

test("create a key (shown once), use it, revoke it, and the next call with it gets 401", async ({ page, context, playwright, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("keys"));
  const tab = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API keys" });
  await tab.click();
  await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
  await expect(tab).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No keys yet.")).toBeVisible();

  await page.getByLabel("Key name").fill("CI pipeline");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^sl_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByText("It is shown only this once")).toBeVisible();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // After a reload only the prefix remains.
  await page.reload();
  const row = page.getByTestId("api-key-row").filter({ hasText: "CI pipeline" });
  await expect(row).toContainText(`${key.slice(0, "sl_".length + 6)}…`);
  expect(await page.content()).not.toContain(key);

  // The key works from a client without cookies, and cannot manage keys.
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.get("/api/health", { headers: { "x-api-key": key } })).status()).toBe(200);
  const forbidden = await api.get("/api/api-keys", { headers: { "x-api-key": key } });
  expect(forbidden.status()).toBe(403);
  expect(await forbidden.json()).toMatchObject({ code: "forbidden" });

  await row.getByRole("button", { name: "Revoke CI pipeline" }).click();
  await expect(row.getByText("Requests with this key will fail at once.")).toBeVisible();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByText("No keys yet.")).toBeVisible();

  const revoked = await api.get("/api/health", { headers: { "x-api-key": key } });
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toEqual({ error: "Invalid or revoked API key", code: "unauthorized" });
  await api.dispose();
});

test("key management needs a session: anonymous 401, cross-origin cookie 403", async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get("/api/api-keys");
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: "Authentication required", code: "unauthorized" });
  await anonymous.dispose();

  await signUp(page, uniqueEmail("csrf"));
  const crossSite = await page.request.post("/api/api-keys", {
    data: { name: "from evil" },
    headers: { origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toMatchObject({ code: "forbidden" });
  const sameSite = await page.request.post("/api/api-keys", { data: { name: "from here" }, headers: { origin: baseURL! } });
  expect(sameSite.status()).toBe(201);
});
