import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { renderResourceFetcher } from "@/lib/pipeline/render-resource-fetcher";
import { processesNaming, sampleBrowsers } from "@/testing/browser-processes";
import { hostileRenderPages } from "@/testing/hostile/render-pages";
import { startTestServer } from "@/testing/test-server";
import { waitFor } from "@/testing/wait-for";
import { findChromium } from "./find-chromium";
import { DEFAULT_RENDER_BUDGET, renderHomePage, type RenderBudget } from "./render-home-page";
import { withRenderSlot } from "./render-slot";

const chromium = findChromium();
const STORE = "lifetime-shop.test";
const HOSTS = new Set([STORE]);
let server: Awaited<ReturnType<typeof startTestServer>>;
/** This file's TMPDIR: every process of the browsers it launches names it (profile, HOME), and nothing else does. */
let folder: string;
const previousTmpdir = process.env.TMPDIR;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === "/never") return; // held open for good
    res.writeHead(200, { "content-type": "text/html" }).end(hostileRenderPages.neverLoads);
  });
  folder = await mkdtemp(path.join(tmpdir(), "render-lifetime-"));
  // Passable by the browser's own user (nobody, when the tests run as root), as /tmp is.
  await chmod(folder, 0o711);
  process.env.TMPDIR = folder;
  Object.assign(process.env, { SHOP_RESOLVE: `*.test=${server.origin}`, ALLOW_PRIVATE_NETWORK: "true", SCRAPER_MIN_INTERVAL_MS: "0" });
  resetEnvCache();
});

afterAll(async () => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

const render = (budget: Partial<RenderBudget>) =>
  chromium.found
    ? renderHomePage({
        executablePath: chromium.path,
        url: `https://${STORE}/`,
        storeHosts: HOSTS,
        fetchResource: renderResourceFetcher(HOSTS),
        budget: { ...DEFAULT_RENDER_BUDGET, ...budget },
      })
    : Promise.reject(new Error(chromium.message));

/** The browser itself (not a process it forked), once it is up. */
const mainBrowser = () => waitFor(() => processesNaming(folder).find((process) => process.main), { what: "a browser" });

/** No process of any browser left, and no profile or HOME folder. */
async function expectNothingLeft(): Promise<void> {
  await waitFor(() => processesNaming(folder).length === 0, { timeoutMs: 5_000, what: "no browser process left" });
  await waitFor(async () => (await readdir(folder)).every((name) => !/^(storelens-render-|playwright_)/.test(name)), {
    timeoutMs: 5_000,
    what: "no browser folder left",
  });
}

describe.skipIf(!chromium.found)("a render's browser", () => {
  it("never outlives its render when the deadline comes during launch, so the slots bound live browsers", async () => {
    const limit = 2;
    const sampler = sampleBrowsers(folder);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => withRenderSlot(limit, () => render({ timeoutMs: 50 }))));
    // Sampled on until nothing is left: a browser that outlived its render would show up here too.
    let peak = 0;
    try {
      await expectNothingLeft();
    } finally {
      peak = sampler.stop();
    }

    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: "not_rendered", code: "render_timeout" });
    // Each launch the deadline overtook still started a browser (it was seen), and was closed before its slot was freed.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(limit);
  }, 120_000);

  it("leaves nothing behind when the browser dies mid-render", async () => {
    const rendering = render({ timeoutMs: 60_000 });
    await waitFor(() => server.seen.some((request) => request.url === "/never"), { timeoutMs: 60_000, what: "the page loading" });
    process.kill((await mainBrowser()).pid, "SIGKILL");

    expect(await rendering).toMatchObject({ status: "not_rendered" });
    await expectNothingLeft();
  }, 120_000);

  it("kills every process of a browser whose close hangs, not only the browser itself", async () => {
    server.seen.length = 0;
    const rendering = render({ timeoutMs: 20_000 });
    await waitFor(() => server.seen.some((request) => request.url === "/never"), { timeoutMs: 60_000, what: "the page loading" });
    const forked = processesNaming(folder).filter((process) => !process.main);
    // A stopped browser answers nothing: closing it hangs until it is killed (after 5 s).
    process.kill((await mainBrowser()).pid, "SIGSTOP");

    expect(await rendering).toMatchObject({ status: "not_rendered", code: "render_timeout" });
    expect(forked.length).toBeGreaterThan(0);
    await expectNothingLeft();
  }, 120_000);
});
