// The Webhooks tab: a signing secret shown once, the alert URL, a test event that arrives signed
// (checked with the standardwebhooks library) and shows in the delivery log.
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { standardWebhookHeaders, startWebhookReceiver } from "../testing/webhook-receiver";
import { signUp, uniqueEmail } from "./support/accounts";

test("create a signing secret (shown once), set the URL, send a test event that arrives signed and is logged delivered", async ({
  page,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    await signUp(page, uniqueEmail("hooks"));
    const tab = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Webhooks" });
    await tab.click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
    await expect(tab).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("webhook-secret-state")).toContainText("No secret yet");
    await expect(page.getByRole("button", { name: "Send a test event" })).toBeDisabled();

    await page.getByRole("button", { name: "Create secret" }).click();
    const shown = page.getByTestId("new-webhook-secret");
    await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = (await shown.textContent())!;
    await page.reload();
    await expect(page.getByTestId("webhook-secret-state")).toContainText(`${secret.slice(0, 12)}…`);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("textbox", { name: "Webhook URL" }).fill(receiver.url("/hooks/e2e"));
    await page.getByRole("button", { name: "Save URL" }).click();
    await page.getByRole("button", { name: "Send a test event" }).click();
    await expect(page.getByText("Test event queued")).toBeVisible();

    await expect.poll(() => receiver.requests.length, { timeout: 20_000 }).toBe(1);
    const [request] = receiver.requests;
    expect(new Webhook(secret).verify(request!.body, standardWebhookHeaders(request!))).toMatchObject({ type: "webhook.test" });

    await page.reload();
    const row = page.getByTestId("webhook-delivery-row");
    await expect(row).toContainText("webhook.test");
    await expect(row).toContainText("delivered");
    // Every attempt, with what the receiver answered.
    await row.getByText("1 attempt").click();
    await expect(row.getByTestId("webhook-attempts")).toContainText("#1");
    await expect(row.getByTestId("webhook-attempts")).toContainText("delivered (HTTP 200)");
  } finally {
    await receiver.close();
  }
});
