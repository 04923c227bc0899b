import { expect, test, type BrowserContext } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { VIEWPORTS } from "./support/page-checks";
import { expectWholePage } from "./support/whole-page";

// Every dashboard page, signed in, at a laptop's width and a phone's: it fits the window and axe
// finds no accessibility violation in it. The pages are seen by one new account tracking one shop.
// The public pages: e2e/public-pages.spec.ts.

const TRACKED = "demo.test";

const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/jobs",
  "/dashboard/batches",
  "/dashboard/tracked-stores",
  "/dashboard/tracked-stores/demo-test",
  "/dashboard/lists",
  "/dashboard/alerts",
  "/dashboard/api-keys",
  "/dashboard/webhooks",
  "/dashboard/billing",
  "/reports/:job",
];

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
let jobId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signUp(page, uniqueEmail("dashboard-pages"));
  const tracked = await page.request.post("/api/shops", { data: { domain: TRACKED } });
  expect(tracked.status()).toBe(201);
  const found = async () =>
    (await (await page.request.get(`/api/jobs?domain=${TRACKED}`)).json()) as { job?: { id: string; status: string } };
  await expect.poll(async () => (await found()).job?.status, { timeout: 60_000 }).toBe("completed");
  jobId = (await found()).job!.id;
  signedIn = await page.context().storageState();
  await page.close();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of DASHBOARD_PAGES) {
      test(`${path} (signed in) fits a ${name} and has no accessibility violation`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, storageState: signedIn });
        await expectWholePage(await context.newPage(), path.replace(":job", jobId));
        await context.close();
      });
    }
  });
}
