import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Correct horse 42!";

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Signs up through the page; the new account is signed in and lands on the dashboard. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Hashing the password is slow on purpose; on a loaded 2-core machine it has taken over 5 s.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = "/sign-in"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
