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
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = "/sign-in"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
