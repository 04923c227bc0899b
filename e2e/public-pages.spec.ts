import { expect, test, type APIRequestContext } from "@playwright/test";
import { VIEWPORTS } from "./support/page-checks";
import { expectWholePage } from "./support/whole-page";

// Every public page, at a laptop's width and a phone's: it fits the window (no sideways
// scrolling) and axe finds no accessibility violation in it. Stores come from
// e2e/support/seed-public-site.ts. The dashboard's pages: e2e/dashboard-pages.spec.ts.

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

async function waitForSeed(request: APIRequestContext) {
  const posts = async () => ((await (await request.get("/api/blog")).json()) as { data: { slug: string }[] }).data;
  await expect.poll(async () => (await posts()).length, { timeout: 30_000 }).toBeGreaterThan(0);

  return (await posts())[0]!.slug;
}

let blogSlug = "";

test.beforeAll(async ({ request }) => {
  blogSlug = await waitForSeed(request);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`${path} fits a ${name} and has no accessibility violation`, async ({ page }) => {
        await expectWholePage(page, path.replace(":post", blogSlug));
      });
    }
  });
}
