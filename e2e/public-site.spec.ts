import { expect, test, type APIRequestContext } from "@playwright/test";

// The public, search-facing site over stores seeded by e2e/support/seed-public-site.ts.

const STORE = "/stores/published-shop-test";

// The server seeds once it answers: wait for the last thing the seed writes, the blog post.
async function waitForSeed(request: APIRequestContext) {
  const posts = async () => ((await (await request.get("/api/blog")).json()) as { data: unknown[] }).data.length;
  await expect.poll(posts, { timeout: 30_000 }).toBeGreaterThan(0);
}

test.beforeAll(async ({ request }) => {
  await waitForSeed(request);
});

test("a published store page has its meta tags, parseable JSON-LD and a 1200×630 Open Graph PNG", async ({ page, request, baseURL }) => {
  await page.goto(STORE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Published Shop");
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page).toHaveTitle("Published Shop — Shopify store analysis");

  const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
  expect(await meta('meta[name="description"]')).toContain("Published Shop");
  expect(await meta('meta[name="robots"]')).toBe("index, follow");
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}${STORE}`);
  expect(await meta('meta[property="og:title"]')).toBe("Published Shop — Shopify store analysis");
  expect(await meta('meta[property="og:image:width"]')).toBe("1200");
  const ogImage = await meta('meta[property="og:image"]');
  expect(ogImage).toContain(`${STORE}/opengraph-image`);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const graph = blocks
    .map((text) => JSON.parse(text) as { "@graph"?: { "@type": string; itemListElement?: unknown[] }[] })
    .flatMap((doc) => doc["@graph"] ?? []);
  const types = graph.map((node) => node["@type"]);
  expect(types).toEqual(expect.arrayContaining(["WebPage", "BreadcrumbList", "OnlineStore", "ItemList"]));
  expect(graph.find((node) => node["@type"] === "ItemList")!.itemListElement).toHaveLength(24);

  const image = await request.get(new URL(ogImage!).pathname + new URL(ogImage!).search);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

  // The page in full: prices chart, apps linking to their pages, products paged in SQL, export.
  await expect(page.getByRole("table", { name: "Products per price band" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Top vendors" }).getByRole("rowheader")).toHaveCount(7);
  await expect(page.getByRole("link", { name: /Loox/ })).toHaveAttribute("href", "/apps/loox");
  // Analyzing needs an account: a signed-out visitor is told so, and comes back to the dashboard's form.
  await expect(page.getByRole("link", { name: "Analyze again", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to analyze again" })).toHaveAttribute(
    "href",
    "/sign-in?callbackUrl=%2Fdashboard%3Fdomain%3Dpublished-shop.test",
  );
  // A product image that does not load leaves the report's placeholder, not a blank.
  await page.route("https://cdn.example.test/**", (route) => route.abort());
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator("#products li")).toHaveCount(24);
  await expect(page.locator("#products li > span > svg")).toHaveCount(24);
  // Lazy images load (and fail) as they come near: each one that failed is gone, its placeholder left.
  for (const item of await page.locator("#products li").all()) await item.scrollIntoViewIfNeeded();
  await expect(page.locator("#products li img")).toHaveCount(0);
  const csv = await request.get("/api/free-export?slug=published-shop-test&format=csv");
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="published-shop-test-products.csv"');
  expect((await csv.text()).split("\n")[0]).toMatch(/^Handle,Title,Body \(HTML\),Vendor,Type,Tags,Published,Option1 Name/);
});

// Stores analyzed by other specs may carry the same tags: each check names the seeded stores it tells apart.
for (const [device, viewport] of [
  ["a desktop", { width: 1366, height: 900 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, the store page shows the storefront's tags, profiles, languages and agent endpoints`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(STORE);
    const section = page.getByRole("region", { name: "Marketing, socials and agents" });
    await expect(section.getByRole("link", { name: /Meta pixel · 1234567890/ })).toHaveAttribute("href", "/stores?tag=meta-pixel");
    await expect(section.getByRole("link", { name: "Instagram · publishedshop" })).toHaveAttribute("rel", /nofollow/);
    await expect(section).toContainText("Icelandic");
    await expect(section).toContainText("Answers Shopify's Storefront MCP (2 tools: search_shop_catalog, get_cart)");
    await section.getByRole("link", { name: "Other stores that answer Storefront MCP" }).click();
    await expect(page).toHaveURL(/\/stores\?agent=storefront_mcp/);
    await expect(page.getByRole("link", { name: "Published Shop" }).first()).toBeVisible();
  });

  test(`on ${device}, /stores filters by pixel, agent readiness, market and language, and /apps counts the pixels`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/stores");
    const form = page.getByRole("search", { name: "Stores" });
    const tag = form.getByLabel("Pixels and tags (all of)");
    const agent = form.getByLabel("Agent readiness (all of)");
    // Folded on a phone: one tap opens the filters.
    if (viewport.width < 1024) await form.getByText("Filters", { exact: true }).click();
    await expect(tag.locator("option", { hasText: "Meta pixel" })).toHaveText(/Meta pixel \(\d+\)/);
    // Two fields to a row on a phone (the first two app lists side by side), four on a desktop.
    const apps = form.getByRole("group", { name: "Apps" });
    const [allBox, anyBox, noneBox] = await Promise.all([
      apps.getByLabel("All of").boundingBox(),
      apps.getByLabel("Any of").boundingBox(),
      apps.getByLabel("None of").boundingBox(),
    ]);
    expect(Math.abs(allBox!.y - anyBox!.y)).toBeLessThan(2);
    expect(Math.abs(anyBox!.y - noneBox!.y) < 2).toBe(viewport.width > 1000);

    await tag.selectOption("meta-pixel");
    await agent.selectOption("storefront_mcp");
    await form.getByRole("button", { name: "Show stores" }).click();
    // The address carries the filters set, nothing else.
    await expect(page).toHaveURL(/\/stores\?tag=meta-pixel&agent=storefront_mcp$/);
    const stores = page.getByRole("list", { name: "Stores" });
    await expect(stores.getByRole("link", { name: "Published Shop" })).toBeVisible();
    await expect(stores.getByRole("link", { name: "Third Shop" })).toHaveCount(0);
    await expect(stores.getByRole("link", { name: "Fresh Shop" })).toHaveCount(0);
    await expect(page.getByTestId("result-count")).toHaveText(/^\d+ stores? match(es)? these filters\.$/);
    await expect(form.getByLabel("Pixels and tags (all of)")).toHaveValues(["meta-pixel"]);
    await expect(form.getByLabel("Agent readiness (all of)")).toHaveValues(["storefront_mcp"]);
    // Each card names what sets the store apart, each a way to the stores that share it.
    const card = stores.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Published Shop" }) });
    await expect(card.getByRole("list", { name: "Tags of Published Shop" }).getByRole("link", { name: "Meta pixel" })).toHaveAttribute(
      "href",
      "/stores?tag=meta-pixel",
    );
    await expect(card.getByRole("link", { name: "Answers Storefront MCP" })).toHaveAttribute("href", "/stores?agent=storefront_mcp");

    await page.goto("/stores?market=IS");
    await expect(stores.getByRole("link", { name: "Published Shop" })).toBeVisible();
    await expect(stores.getByRole("link", { name: "Third Shop" })).toBeVisible();
    await expect(form.getByLabel("Ships to (all of)")).toHaveValues(["IS"]);
    await form.getByLabel("Languages (all of)").selectOption("is");
    await form.getByRole("button", { name: "Show stores" }).click();
    await expect(page).toHaveURL(/\/stores\?language=is&market=IS$/);
    await expect(stores.getByRole("link", { name: "Published Shop" })).toBeVisible();
    await expect(stores.getByRole("link", { name: "Third Shop" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto("/apps");
    const pixels = page.getByRole("list", { name: "Pixels and tags" });
    await expect(page.getByRole("heading", { name: "Pixels and tags" })).toBeVisible();
    const metaPixel = pixels.getByRole("listitem").filter({ hasText: "Meta pixel" });
    await expect(metaPixel).toContainText(/\d+ stores/);
    await metaPixel.getByRole("link", { name: "Meta pixel" }).click();
    await expect(page).toHaveURL(/\/stores\?tag=meta-pixel$/);
    await expect(page.getByRole("list", { name: "Stores" }).getByRole("link", { name: "Third Shop" })).toBeVisible();
  });
}

test("an unpublished store page says noindex and stays out of the sitemap", async ({ page, request }) => {
  await page.goto("/stores/fresh-shop-test");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
  const stores = await (await request.get("/sitemaps/sitemap/stores-0.xml")).text();
  expect(stores).toContain("/stores/published-shop-test</loc>");
  expect(stores).not.toContain("fresh-shop-test");
  // Publication is about search engines, not about who may read: it exports all the same.
  expect((await request.get("/api/free-export?slug=fresh-shop-test&format=json")).status()).toBe(200);
});

test("robots.txt and sitemap.xml parse", async ({ request, baseURL }) => {
  const robots = await (await request.get("/robots.txt")).text();
  const lines = robots
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of lines) expect(line).toMatch(/^(User-Agent|Allow|Disallow|Sitemap|Host): \S+$/i);
  expect(lines).toEqual(
    expect.arrayContaining(["Disallow: /dashboard", "Disallow: /api/", "Allow: /api/openapi.json", `Sitemap: ${baseURL}/sitemap.xml`]),
  );

  const index = await request.get("/sitemap.xml");
  expect(index.headers()["content-type"]).toContain("xml");
  const locs = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.length).toBeGreaterThanOrEqual(3);
  for (const loc of locs) {
    const child = await request.get(new URL(loc).pathname);
    expect(child.status()).toBe(200);
    const xml = await child.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/);
    expect(xml.match(/<url>/g)?.length ?? 0).toBe(xml.match(/<\/url>/g)?.length ?? 0);
  }
});

test("the blog, a post and the feed render", async ({ page, request }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await page
    .getByRole("link", { name: /Shopify directory weekly/ })
    .first()
    .click();
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Shopify directory weekly");
  await expect(page.getByRole("heading", { name: "Most-installed apps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Third Shop" }).first()).toHaveAttribute("href", /\/stores\/third-shop-test$/);
  const article = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { "@graph": { "@type": string }[] },
  );
  expect(article[0]!["@graph"].map((n) => n["@type"])).toEqual(["Article", "BreadcrumbList"]);

  const feed = await request.get("/blog/feed.xml");
  expect(feed.headers()["content-type"]).toContain("application/atom+xml");
  const xml = await feed.text();
  expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  expect(xml).toMatch(/<entry>[\s\S]*<title>Shopify directory weekly[\s\S]*<\/entry>/);
});

test("home page shows the directory; llms.txt and security.txt answer", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Recently analyzed stores" })).toBeVisible();
  // The most recently analyzed store leads the list, whichever spec analyzed it.
  const latest = ((await (await request.get("/api/stores?per_page=1")).json()) as { data: { name: string | null; domain: string }[] })
    .data[0]!;
  const recent = page.getByRole("region", { name: "Recently analyzed stores" });
  await expect(recent.getByRole("link", { name: latest.name ?? latest.domain }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Popular apps" })).toBeVisible();
  const website = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { "@type": string; potentialAction?: { "@type": string } },
  );
  expect(website.find((doc) => doc["@type"] === "WebSite")?.potentialAction?.["@type"]).toBe("SearchAction");

  const llms = await (await request.get("/llms.txt")).text();
  expect(llms).toMatch(/^# StoreLens/);
  expect(llms).toContain("/api/openapi.json");
  expect(llms).toContain("X-PAYMENT");
  const security = await (await request.get("/.well-known/security.txt")).text();
  expect(security).toMatch(/^Contact: mailto:security@127\.0\.0\.1$/m);
  expect(security).toMatch(/^Expires: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/m);
});

test("the API reference links the dated API changelog, which flags the store page's products change", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: "API changelog" }).click();
  await expect(page).toHaveURL(/\/docs\/changelog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API changelog");
  await expect(page.getByRole("heading", { name: "2026-11-23" })).toBeVisible();
  await expect(page.getByText(/Breaking — GET \/api\/stores\/:slug shape/)).toBeVisible();
});
