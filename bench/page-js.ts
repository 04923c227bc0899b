/**
 * The JavaScript a public page makes the browser fetch on its first load, in bytes as sent
 * (gzip) and decoded, without Lighthouse's minutes per page nor its dependence on the machine's load:
 *
 *   npx tsx bench/page-js.ts [--only=/,/reports/published-shop-test] [--list]
 *
 * Builds nothing: run `npx next build` first. Starts the browser tests' server with the public
 * site seeded (bench/public-site-server.ts), opens each page once in the system's Chromium
 * (CHROMIUM_PATH, else /usr/bin/chromium) and, once the network is idle, sums the script responses'
 * body sizes. `--list` prints each script too. Lighthouse's "JS transferred" (bench:lighthouse)
 * also counts the response headers, so it reads ~0.3 KiB per script more.
 */
import { chromium } from "playwright";
import { startPublicSiteServer } from "./public-site-server";

const PAGES = ["/", "/stores", "/stores/published-shop-test", "/reports/published-shop-test", "/apps", "/blog", "/pricing", "/docs"];
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const pages = only ? only.split(",") : PAGES;
const list = process.argv.includes("--list");

const server = await startPublicSiteServer("bench/page-js.ts");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  console.log("| page | scripts | JS sent (bytes, gzip) | KiB | JS decoded (KiB) |");
  console.log("|---|---|---|---|---|");
  const listed: string[] = [];
  for (const path of pages) {
    // A new context each time: nothing cached from the page before.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ url: string; sent: number; decoded: number }>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      scripts.push(
        Promise.all([request.sizes(), request.response().then((r) => r?.body())]).then(([sizes, body]) => ({
          url: request.url().replace(server.origin, ""),
          sent: sizes.responseBodySize,
          decoded: body?.length ?? 0,
        })),
      );
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: "networkidle" });
    const done = await Promise.all(scripts);
    await context.close();
    const sent = done.reduce((sum, s) => sum + s.sent, 0);
    const decoded = done.reduce((sum, s) => sum + s.decoded, 0);
    console.log(`| ${path} | ${done.length} | ${sent} | ${(sent / 1024).toFixed(1)} | ${(decoded / 1024).toFixed(1)} |`);
    if (list) for (const s of done.sort((a, b) => b.sent - a.sent)) listed.push(`${path}\t${s.sent}\t${s.decoded}\t${s.url}`);
  }
  if (list) console.log(`\n${listed.join("\n")}`);
} finally {
  await browser.close();
  server.stop();
}
process.exit(0);
