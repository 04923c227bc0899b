import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations, expectNoOverflow, VIEWPORTS } from "./support/page-checks";

// Every public and dashboard page, at a laptop's width and a phone's: it fits the window (no
// sideways scrolling) and axe finds no accessibility violation in it. Stores come from
// e2e/support/seed-public-site.ts; the dashboard's pages are seen by one new account tracking one shop.

const TRACKED = "demo.test";

async function waitForSeed(request: APIRequestContext) {
  const posts = async () => ((await (await request.get("/api/blog")).json()) as { data: { slug: string }[] }).data;
  await expect.poll(async () => (await posts()).length, { timeout: 30_000 }).toBeGreaterThan(0);

  return (await posts())[0]!.slug;
}

let blogSlug = "";
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;
let jobId = "";

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  blogSlug = await waitForSeed(request);
  const page = await browser.newPage();
  await signUp(page, uniqueEmail("every-page"));
  const tracked = await page.request.post("/api/shops", { data: { domain: TRACKED } });
  expect(tracked.status()).toBe(201);
  const found = async () =>
    (await (await page.request.get(`/api/jobs?domain=${TRACKED}`)).json()) as { job?: { id: string; status: string } };
  await expect.poll(async () => (await found()).job?.status, { timeout: 60_000 }).toBe("completed");
  jobId = (await found()).job!.id;
  signedIn = await page.context().storageState();
  await page.close();
});

const PUBLIC_PAGES = [
  "/",
  "/stores",
  "/stores?sort=products&currency=EUR",
  "/stores?tag=meta-pixel&agent=storefront_mcp&language=is&market=IS",
  "/stores?app=judge-me&app_none=loox&products_min=10&products_max=2000&view=table",
  "/stores/published-shop-test",
  "/apps",
  "/apps/judge-me",
  "/themes/dawn",
  "/blog",
  "/blog/:post",
  "/docs",
  "/docs/changelog",
  "/pricing",
  "/bot",
  "/reports/published-shop-test",
  "/sign-in",
  "/sign-up",
  "/reset-password",
  "/reset-password/not-a-token",
  "/verify-email/not-a-token",
  "/no-such-page",
];

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

async function visit(page: Page, path: string) {
  const url = path.replace(":post", blogSlug).replace(":job", jobId);
  await page.goto(url);
  // The page itself, not a redirect to sign in: the checks must see what they name.
  expect(new URL(page.url()).pathname).toBe(url.split("?")[0]);
  // Client-rendered panels (tracked stores, API keys) fill in after their first request.
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading…")).toHaveCount(0);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`${path} fits a ${name} and has no accessibility violation`, async ({ page }) => {
        await visit(page, path);
        await expectNoOverflow(page);
        await expectNoAxeViolations(page);
      });
    }

    for (const path of DASHBOARD_PAGES) {
      test(`${path} (signed in) fits a ${name} and has no accessibility violation`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, storageState: signedIn });
        const page = await context.newPage();
        await visit(page, path);
        await expectNoOverflow(page);
        await expectNoAxeViolations(page);
        await context.close();
      });
    }
  });
}
