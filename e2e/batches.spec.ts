// The Batches tab: a pasted list with a line that is not a store domain is refused with that
// line's number and nothing starts; a good list runs as one batch whose stores' states show until
// every one has ended.
import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";

test("paste a list: a bad line is named by its number; a good list runs as one batch to the end", async ({ page }) => {
  await signUp(page, uniqueEmail("batches"));
  const tab = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Batches" });
  await tab.click();
  await expect(page).toHaveURL(/\/dashboard\/batches$/);
  await expect(tab).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No batch yet.")).toBeVisible();

  const domains = page.getByRole("textbox", { name: "Store domains" });
  await domains.fill("batch-a.test\nnot a domain\nbatch-b.test");
  await page.getByRole("button", { name: "Analyze these stores" }).click();
  await expect(page.getByTestId("batch-invalid-lines")).toContainText("Line 2");
  await expect(page.getByText("No batch yet.")).toBeVisible();

  await domains.fill("batch-a.test\nhttps://batch-b.test/\nbatch-a.test");
  await page.getByRole("button", { name: "Analyze these stores" }).click();
  await expect(page.getByTestId("batch-row")).toHaveCount(1);
  await expect(page.getByTestId("batch-job-row")).toHaveCount(2);
  await expect(page.getByTestId("batch-progress")).toContainText("2 of 2 ended (2 completed, 0 failed)", { timeout: 90_000 });
  await expect(page.getByTestId("batch-row")).toContainText("completed");
  await expect(page.getByRole("link", { name: "Download results (CSV)" })).toHaveAttribute("href", /\/api\/batches\/[0-9a-f-]+\/export$/);
});
