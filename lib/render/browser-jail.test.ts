import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { findChromium } from "./find-chromium";
import { launchBrowser } from "./launch-browser";
import { DEFAULT_RENDER_BUDGET, renderHomePage } from "./render-home-page";

// What a machine that cannot drop the browser's privileges gets: a root server told to keep the
// browser as root stands for one (the plan is probed once per process, and this file is a process).
const chromium = findChromium();
const asRoot = process.getuid?.() === 0;

beforeAll(() => {
  process.env.RENDER_USER = "0";
  resetEnvCache();
});

afterAll(() => {
  delete process.env.RENDER_USER;
  delete process.env.RENDER_REQUIRE_CONTAINMENT;
  resetEnvCache();
});

describe.skipIf(!chromium.found || !asRoot)("a browser that cannot be fully contained", () => {
  it("still starts, without Chromium's sandbox, in its own network, and says what it lacks", async () => {
    const launched = await launchBrowser(chromium.found ? chromium.path : "", 256);
    try {
      const page = await launched.browser.newPage();
      await page.setContent("<h1>uncontained</h1>");

      expect(await page.textContent("h1")).toBe("uncontained");
      expect(launched.containment).toMatchObject({ network: "own", uid: 0, sandbox: false });
      expect(launched.containment.missing).toEqual([
        "runs as root: RENDER_USER names root",
        "no Chromium sandbox (it refuses to run as root)",
      ]);
    } finally {
      await launched.close();
    }
  }, 60_000);

  it("is refused with RENDER_REQUIRE_CONTAINMENT: the render ends render_launch_failed, saying what was missing", async () => {
    process.env.RENDER_REQUIRE_CONTAINMENT = "true";
    resetEnvCache();
    const outcome = await renderHomePage({
      executablePath: chromium.found ? chromium.path : "",
      url: "https://refused-shop.test/",
      storeHosts: new Set(["refused-shop.test"]),
      fetchResource: () => Promise.reject(new Error("never asked")),
      budget: { ...DEFAULT_RENDER_BUDGET, timeoutMs: 20_000 },
    });

    expect(outcome).toMatchObject({ status: "not_rendered", code: "render_launch_failed" });
    if (outcome.status === "not_rendered") expect(outcome.message).toMatch(/RENDER_REQUIRE_CONTAINMENT refuses .*runs as root/);
  }, 60_000);
});
