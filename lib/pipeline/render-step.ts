import { getDb } from "@/db";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { renderResourceFetcher } from "./render-resource-fetcher";
import { findRenderBrowser } from "@/lib/render/find-browser";
import { recordScreenshots } from "@/lib/render/record-screenshots";
import { DEFAULT_RENDER_BUDGET, renderHomePage, type RenderOutcome } from "@/lib/render/render-home-page";
import { withRenderSlot } from "@/lib/render/render-slot";
import type { RenderArtifact, ScreenshotSize } from "@/lib/render/schemas";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";
import { countJobStorage, SnapshotWriteRefused } from "@/lib/snapshots/job-storage-budget";
import { PIPELINE_STEPS } from "./pipeline-steps";
import { recordStepProgress } from "./record-step-progress";
import { detectInRenderedPage, findingsAfterRender } from "./render-findings";
import { keepFoundAfterRender } from "./keep-found-after-render";

/**
 * Step render: the store's home page in a browser, once, screenshotted at desktop and phone size;
 * what its scripts added read by the same detectors as the served HTML. Never fails the job:
 * without a browser, with RENDER=false, or when the page misbehaves, the step records why
 * ("not rendered: <code>") and the job goes on. Idempotent: a replay after success renders nothing.
 */
export async function renderStep(jobId: string, domain: string): Promise<{ status: RenderArtifact["status"]; code: string | null }> {
  const done = await loadArtifact(jobId, "render");
  if (done) return { status: done.status, code: done.code };
  const started = performance.now();
  const artifact = await renderAndKeep(jobId, domain);
  const kept: RenderArtifact = { ...artifact, durationMs: Math.round(performance.now() - started) };
  await saveArtifact(jobId, "render", kept);
  if (kept.code) logger.info("store not rendered", { jobId, code: kept.code, message: kept.message });
  await recordStepProgress(jobId, PIPELINE_STEPS.render, { counts: { screenshots: kept.screenshots.length } });

  return { status: kept.status, code: kept.code };
}

async function renderAndKeep(jobId: string, domain: string): Promise<RenderArtifact> {
  const browser = findRenderBrowser();
  if (browser.status !== "found")
    return notRendered(
      browser.status === "disabled" ? "render_disabled" : "render_no_browser",
      browser.status === "missing" ? browser.message : "RENDER=false",
    );
  const store = await loadArtifact(jobId, "store");
  const hosts = new Set([domain, store?.canonicalDomain ?? domain].map((host) => host.toLowerCase()));
  const url = `https://${store?.canonicalDomain ?? domain}/`;
  const env = getEnv();
  const budget = { ...DEFAULT_RENDER_BUDGET, timeoutMs: env.RENDER_TIMEOUT_MS };
  const outcome: RenderOutcome = await withRenderSlot(env.RENDER_CONCURRENCY, () =>
    renderHomePage({ executablePath: browser.path, url, storeHosts: hosts, fetchResource: renderResourceFetcher(hosts), budget }),
  );
  if (outcome.status === "not_rendered") return { ...notRendered(outcome.code, outcome.message), stats: outcome.stats };

  const storedBytes = outcome.screenshots.desktop.length + outcome.screenshots.phone.length;
  try {
    await getDb().transaction(async (tx) => {
      await countJobStorage(tx, jobId, storedBytes);
      await recordScreenshots(tx, jobId, outcome.screenshots);
    });
  } catch (error) {
    if (!(error instanceof SnapshotWriteRefused)) throw error;
    return { ...notRendered("render_storage_budget", error.message), stats: outcome.stats };
  }
  const afterRender = findingsAfterRender(await loadArtifact(jobId, "storefront"), detectInRenderedPage(outcome));
  await keepFoundAfterRender(jobId, afterRender);

  return {
    status: "rendered",
    code: null,
    message: null,
    screenshots: Object.keys(outcome.screenshots) as ScreenshotSize[],
    stats: outcome.stats,
    storedBytes,
    durationMs: 0,
    afterRender,
  };
}

function notRendered(code: RenderArtifact["code"], message: string): RenderArtifact {
  return {
    status: "not_rendered",
    code,
    message,
    screenshots: [],
    stats: { requests: 0, bytes: 0, refused: {} },
    storedBytes: 0,
    durationMs: 0,
    afterRender: [],
  };
}
