// The dashboard is where a new account starts and works: sign-up lands there with the
// confirmation e-mail mentioned and sendable again, a store is analyzed and followed there to its
// report, and refused forms keep what was typed and say why in a sentence.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signUp, uniqueEmail } from "./support/accounts";
import { readEmailLink, readOutbox } from "./support/mail-outbox";

const CONFIRM_SUBJECT = "Confirm your StoreLens e-mail address";

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("sign-up from the home page lands on the dashboard, which mentions the confirmation e-mail and sends it again", async ({ page }) => {
  const email = uniqueEmail("onboard");
  await page.goto("/");
  await page.getByRole("link", { name: "create a free account" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByRole("region", { name: "Confirm your e-mail" });
  await expect(banner).toContainText(`We sent a link to ${email}`);
  await banner.getByRole("button", { name: "Resend the e-mail" }).click();
  await expect(banner.getByRole("status")).toHaveText(
    `We have sent a new confirmation link to ${email.toLowerCase()}. It works once, for 24 hours.`,
  );
  await expect
    .poll(async () => (await readOutbox(email.toLowerCase())).filter((m) => m.subject === CONFIRM_SUBJECT).length, { timeout: 20_000 })
    .toBe(2);

  // Confirmed, the banner is gone.
  await page.goto(new URL(await readEmailLink(email, "/verify-email")).pathname);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Analyze a store" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your e-mail" })).toHaveCount(0);
});

test("a new account analyzes a store from the dashboard, follows it there and gets the link to its report", async ({ page }) => {
  await signUp(page, uniqueEmail("hub"));
  const overview = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" });
  await expect(overview).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("recent-jobs-empty")).toContainText("No analyses yet");
  await expect(page.getByTestId("usage")).toHaveText("0 of 3 analyses used");
  await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute("href", "/dashboard/billing");

  // The Jobs tab starts with the same form, not a link away.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { name: "No jobs yet" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Analyze a store" })).toBeVisible();
  await overview.click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("textbox", { name: "Store domain" }).fill("demo.test");
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByRole("progressbar", { name: "Analyzing demo.test" })).toBeVisible();
  // The finished job opens its report.
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const reportPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Back on the dashboard, it counts the analysis and lists the job as completed.
  await page.goto("/dashboard");
  await expect(page.getByTestId("usage")).toHaveText("1 of 3 analyses used");
  const row = page.getByTestId("recent-job").filter({ hasText: "demo.test" });
  await expect(row).toContainText("completed");
  await expect(row.getByRole("link", { name: "View report →" })).toHaveAttribute("href", reportPath);

  expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideways(page);
});

test("refused forms keep what was typed and say why in a sentence", async ({ page }) => {
  // Sign-up: checked before sending, with the API's own rules; nothing typed is lost.
  await page.goto("/sign-up");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter your e-mail address.")).toBeVisible();
  await expect(page.getByText("Choose a password.")).toBeVisible();

  const email = uniqueEmail("refused");
  await page.getByLabel("Name (optional)").fill("Pat");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("onlylowercaseletters");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password is too weak: mix at least two kinds of character")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("onlylowercaseletters");
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Name (optional)")).toHaveValue("Pat");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Analyze: an empty field, then a domain the API refuses; the field keeps it.
  const domain = page.getByRole("textbox", { name: "Store domain" });
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter a store's domain, like allbirds.com." })).toBeVisible();
  await domain.fill("not a domain");
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "is not a valid host name" })).toHaveText(
    '"not a domain" is not a valid host name.',
  );
  await expect(domain).toHaveValue("not a domain");
  await expect(domain).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("progressbar")).toHaveCount(0);

  // API key: a blank name is refused in words, never as "Invalid body.name".
  await page.goto("/dashboard/api-keys");
  await page.getByLabel("Key name").fill("   ");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("form", { name: "Create an API key" }).locator("..").getByRole("alert")).toHaveText("Give the key a name.");
  await expect(page.getByText("Invalid body")).toHaveCount(0);
  await expect(page.getByText("No keys yet.")).toBeVisible();

  // Sign-in: a wrong password keeps both fields.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Wrong password 1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("Wrong password 1");
});
