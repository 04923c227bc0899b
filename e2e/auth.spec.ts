import { expect, test } from "@playwright/test";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./support/accounts";
import { readEmailLink, readOutbox, readResetLink } from "./support/mail-outbox";

test("sign up, sign out, a wrong password is refused, then sign in", async ({ page, context }) => {
  const email = uniqueEmail("signup");
  await signUp(page, email);

  const [cookie] = (await context.cookies()).filter((c) => c.name === "authjs.session-token");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).some((c) => c.name === "authjs.session-token")).toBe(false);
  // The dashboard now sends visitors to sign in, and the old cookie is dead server-side too.
  await page.goto("/dashboard/api-keys");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdashboard/);
  const stale = await page.request.get("/api/api-keys", { headers: { cookie: `authjs.session-token=${cookie!.value}` } });
  expect(stale.status()).toBe(401);

  await signIn(page, email, "Wrong password 1");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test("sign up shows clear inline errors: bad e-mail, weak password; a taken e-mail is not revealed", async ({ page, browser }) => {
  await page.goto("/sign-up");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("weak");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password is too weak: use at least 10 characters.")).toBeVisible();

  await page.getByLabel("Password").fill("onlylowercaseletters");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/mix at least two kinds of character/)).toBeVisible();

  const other = await browser.newPage();
  await signUp(other, email);
  await other.close();
  // The sign-up itself is accepted as for a new address; only the sign-in that follows it
  // fails, as any wrong password does (and the owner gets an e-mail about the attempt).
  await page.getByLabel("Password").fill("Another passphrase 9");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We could not sign you in with this e-mail and password" })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);
  expect((await readOutbox(email.toLowerCase())).map((m) => m.subject)).toContain(
    "Someone tried to sign up to StoreLens with your address",
  );
});

test("the confirmation link of the sign-up e-mail confirms the address once", async ({ page }) => {
  const email = uniqueEmail("confirm");
  await signUp(page, email);

  const link = await readEmailLink(email, "/verify-email");
  await page.goto(new URL(link).pathname);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is confirmed" })).toBeVisible();

  await page.goto(new URL(link).pathname);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This confirmation link is invalid, was already used or has expired" }),
  ).toBeVisible();
});

test("password reset by e-mail: single-use link, new password works, old sessions end", async ({ page, browser }) => {
  const email = uniqueEmail("reset");
  const newPassword = "Brand new secret 7";

  // A second browser that stays signed in must be signed out by the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, email);
  expect((await otherPage.request.get("/api/api-keys")).status()).toBe(200);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists for that e-mail" })).toBeVisible();

  const link = await readResetLink(email);
  expect(new URL(link).pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
  await page.goto(new URL(link).pathname);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill("something else 1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=done/);
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed" })).toBeVisible();

  expect((await otherPage.request.get("/api/api-keys")).status()).toBe(401);
  await other.close();

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single-use.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("alert").filter({ hasText: "This reset link is invalid, was already used or has expired" })).toBeVisible();
});

test("Auth.js answers on /api/auth/* for every method", async ({ request }) => {
  const providers = await request.get("/api/auth/providers");
  expect(providers.status()).toBe(200);
  // OAuth providers appear only when configured; none are in e2e.
  expect(Object.keys(await providers.json())).toEqual(["credentials"]);
  expect((await request.get("/api/auth/session")).status()).toBe(200);
  expect((await request.head("/api/auth/csrf")).status()).toBe(200);
  for (const method of ["PUT", "PATCH", "DELETE"] as const) {
    const response = await request.fetch("/api/auth/session", { method });
    expect(response.status()).toBe(405);
    expect(await response.json()).toMatchObject({ code: "method_not_allowed" });
  }
});
