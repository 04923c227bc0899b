import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoOverflow } from "./page-checks";

/**
 * Opens a page and checks it as a visitor sees it once it has settled: it is the page asked for
 * (not a redirect to sign in), it fits the window, and axe finds no accessibility violation.
 */
export async function expectWholePage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  expect(new URL(page.url()).pathname).toBe(url.split("?")[0]);
  // Client-rendered panels (tracked stores, API keys) fill in after their first request.
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
}
