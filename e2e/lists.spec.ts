import { parse } from "csv-parse/sync";
import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, expectNoOverflow, VIEWPORTS } from "./support/page-checks";

// The Lists tab: save a segment and a hand-picked list, see what changed, switch alerts, export
// the list's technologies as CSV, analyze its stores as one batch, on a laptop and on a phone, with nothing sideways and no
// accessibility violation.

for (const [name, viewport] of [
  ["laptop (1366 px)", VIEWPORTS.desktop],
  ["phone (390 px)", VIEWPORTS.phone],
] as const) {
  test(`lists on a ${name}: save, see changes, alerts, export, analyze all`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUp(page, uniqueEmail("lists"));

    // One analyzed store for the lists to hold.
    const submitted = await page.request.post("/api/jobs", { data: { domain: "demo.test" } });
    expect([200, 201]).toContain(submitted.status());
    const { job } = (await submitted.json()) as { job: { id: string } };
    await expect
      .poll(async () => ((await (await page.request.get(`/api/jobs/${job.id}/status`)).json()) as { status: string }).status, {
        timeout: 60_000,
      })
      .toBe("completed");

    await page.goto("/dashboard/lists");
    await expect(page.getByRole("heading", { level: 1, name: "Lists" })).toBeVisible();
    await expect(page.getByText("No lists yet.")).toBeVisible();

    await page.getByLabel("Name").fill("Picked");
    await page.getByLabel("Kind").selectOption("stores");
    await page.getByLabel(/Store slugs/).fill("demo-test");
    await page.getByRole("button", { name: "Save list" }).click();
    const picked = page.getByTestId("list-row").filter({ hasText: "Picked" });
    await expect(picked).toContainText("1 store");

    await page.getByLabel("Name").fill("Everything");
    await page.getByLabel("Kind").selectOption("segment");
    await page.getByLabel("Directory filter").fill("sort=name");
    await page.getByRole("button", { name: "Save list" }).click();
    const segment = page.getByTestId("list-row").filter({ hasText: "Everything" });
    await expect(segment).toContainText("Segment");

    await picked.getByRole("button", { name: "What changed" }).click();
    await expect(picked.getByText("Nothing changed.")).toBeVisible();
    await picked.getByRole("button", { name: "Mark as seen" }).click();

    await picked.getByLabel("Alerts").check();
    await expect(picked.getByLabel("Alerts")).toBeChecked();

    const csvUrl = new URL((await picked.getByRole("link", { name: "Technologies (CSV)" }).getAttribute("href"))!);
    const csv = await page.request.get(`${csvUrl.pathname}${csvUrl.search}`);
    expect(csv.status()).toBe(200);
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.domain)).toEqual(["demo.test"]);

    await expectNoOverflow(page);
    await expectNoAxeViolations(page);

    // The list's stores analyzed again in one batch, followed on the Batches tab.
    await picked.getByRole("button", { name: "Analyze the stores of Picked" }).click();
    await expect(page).toHaveURL(/\/dashboard\/batches$/);
    await expect(page.getByTestId("batch-row")).toHaveCount(1);
  });
}
