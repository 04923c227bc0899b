// The render step through the whole pipeline: a store's home page rendered in our own browser,
// its screenshots stored with the job and served as long as the report exists, an app injected by script detected
// after render and not before, and hostile home pages each ending the render with their code while
// the job completes and /api/health keeps answering.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { renderScreenshots, reports } from "@/db/schema";
import { GET as healthRoute } from "@/app/api/health/route";
import { GET as screenshotRoute } from "@/app/api/reports/[id]/screenshots/[size]/route";
import { detectApps } from "@/lib/apps";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { findChromium } from "@/lib/render/find-chromium";
import type { ReportMetadata } from "@/lib/reports/schemas";
import { loadArtifact } from "@/lib/snapshots/artifacts";
import { fixtureStore } from "@/testing/fake-store";
import { SCRIPT_INJECTED_APP, SCRIPT_INJECTED_TAG } from "@/testing/fake-store/html";
import { hostileRenderPages } from "@/testing/hostile/render-pages";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

const browser = findChromium();
let h: PipelineHarness;

beforeAll(async () => {
  if (!browser.found) return;
  h = await startPipeline({ RENDER: "true", RENDER_TIMEOUT_MS: "20000", CHROMIUM_PATH: browser.path });
});

afterAll(async () => {
  await h?.stop();
});

async function analyze(domain: string) {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };

  return h.waitForJob(job.id, 60_000);
}

async function metadataOf(jobId: string): Promise<ReportMetadata> {
  const [report] = await getDb().select({ metadata: reports.metadata }).from(reports).where(eq(reports.jobId, jobId));

  return report!.metadata as ReportMetadata;
}

const screenshot = (id: string, size: string) =>
  screenshotRoute(new Request(`http://localhost:3000/api/reports/${id}/screenshots/${size}`), { params: Promise.resolve({ id, size }) });

describe.skipIf(!browser.found)("analyze-store's render step (our own Chromium)", () => {
  it("keeps a desktop and a phone screenshot with the report, served as long as it exists, and finds the app the page adds by script", async () => {
    const store = h.fakeStore.addStore(fixtureStore("rendered-shop.test"));
    const job = await analyze("rendered-shop.test");
    expect(job.status).toBe("completed");

    const render = (await metadataOf(job.id)).render!.value;
    expect(render).toMatchObject({
      status: "rendered",
      code: null,
      screenshots: {
        desktop: `http://localhost:3000/api/reports/${job.id}/screenshots/desktop`,
        phone: `http://localhost:3000/api/reports/${job.id}/screenshots/phone`,
      },
    });
    expect(render.requests).toBeGreaterThan(1);
    for (const size of ["desktop", "phone"]) {
      const answer = await screenshot(job.id, size);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    // Counted in the job's storage budget, and part of the frozen report: the database refuses a change.
    expect(render.stored_bytes).toBeGreaterThan(1000);
    await expect(
      getDb().update(renderScreenshots).set({ contentType: "image/png" }).where(eq(renderScreenshots.jobId, job.id)),
    ).rejects.toThrow();

    // The app the page injects from script: not in the served HTML, found after render, and saying so.
    const served = await fetch(`${h.fakeStore.origin}/`, { headers: { host: "rendered-shop.test" } }).then((r) => r.text());
    expect(detectApps(served).map((app) => app.slug)).not.toContain(SCRIPT_INJECTED_APP.slug);
    const app = (await metadataOf(job.id)).apps.value.find((found) => found.slug === SCRIPT_INJECTED_APP.slug);
    expect(app?.evidence).toMatch(/^after render: /);
    expect(render.after_render.map((finding) => finding.slug)).toContain(SCRIPT_INJECTED_APP.slug);
    expect(store.log().some((entry) => entry.path === SCRIPT_INJECTED_APP.path)).toBe(true);
    // A pixel the page's script adds: not in the served HTML, among the report's tags after render.
    expect(detectMarketing(loadHtml(served)).tags.map((tag) => tag.kind)).not.toContain(SCRIPT_INJECTED_TAG.kind);
    const tag = (await metadataOf(job.id)).marketing?.value.tags.find((found) => found.id === SCRIPT_INJECTED_TAG.id);
    expect(tag).toMatchObject({ kind: SCRIPT_INJECTED_TAG.kind, evidence: expect.stringMatching(/^after render: /) });
    expect(render.after_render).toContainEqual(
      expect.objectContaining({ kind: "tag", slug: SCRIPT_INJECTED_TAG.kind, id: SCRIPT_INJECTED_TAG.id }),
    );
  }, 90_000);

  it("asks the store for what its page needs under the job's robots.txt, and counts those requests with the crawl's", async () => {
    const store = h.fakeStore.addStore(
      fixtureStore("robots-render.test", { robotsTxt: "User-agent: *\nDisallow: /cdn/\nDisallow: /apps/\n" }),
    );
    const job = await analyze("robots-render.test");
    expect(job.status).toBe("completed");
    const metadata = await metadataOf(job.id);

    expect(metadata.render!.value).toMatchObject({ status: "rendered", refused: { robots: 2 } });
    expect(store.log().some((entry) => entry.path.startsWith("/cdn/") || entry.path.startsWith("/apps/"))).toBe(false);
    expect(metadata.crawl!.value.robots.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "/cdn/shop/t/1/assets/base.css?v=1" }),
        expect.objectContaining({ path: SCRIPT_INJECTED_APP.path }),
      ]),
    );
    expect(metadata.render!.value.requests).toBeGreaterThanOrEqual(3);
  }, 90_000);

  it.each([
    ["hangs", "render_timeout"],
    ["privateAddresses", "render_blocked_request"],
    ["popups", "render_popup"],
    ["allocates", "render_memory"],
  ] as const)(
    "ends the render of a home page that %s with %s, and the job completes",
    async (page, code) => {
      const domain = `hostile-${page.toLowerCase()}.test`;
      h.fakeStore.addStore(fixtureStore(domain, { homePage: hostileRenderPages[page] }));
      const response = await h.submit({ domain });
      const { job: submitted } = (await response.json()) as { job: { id: string } };
      // While the render runs, the server answers its health check (timed for the log, not asserted).
      let health: Response | undefined;
      let slowestMs = 0;
      for (let i = 0; i < 400 && !(await loadArtifact(submitted.id, "render")); i += 1) {
        const asked = performance.now();
        health = await healthRoute(new Request("http://localhost:3000/api/health"), { params: Promise.resolve({}) });
        slowestMs = Math.max(slowestMs, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      console.info(`/api/health answered within ${Math.round(slowestMs)} ms during the render of ${page}`);
      expect(health?.status).toBe(200);
      expect(((await health!.json()) as { browser: string }).browser).toBe("found");

      const job = await h.waitForJob(submitted.id, 60_000);
      expect(job.status).toBe("completed");
      const render = (await metadataOf(job.id)).render!.value;
      expect(render).toMatchObject({ status: "not_rendered", code, screenshots: { desktop: null, phone: null } });
      expect((await screenshot(job.id, "desktop")).status).toBe(404);
    },
    90_000,
  );
});
