import type { Page } from "playwright-core";
import { SharedByteBudget } from "@/lib/net";
import { launchBrowser, type LaunchedBrowser } from "./launch-browser";
import { RenderStop, routeRequests, type RenderStats, type RequestBudget, type ResourceFetcher } from "./route-requests";
import { SCREENSHOT_VIEWPORTS, type RenderCode, type ScreenshotSize } from "./schemas";

export type RenderBudget = RequestBudget & {
  /** The whole render, from launch to the last screenshot. */
  timeoutMs: number;
  /** The page's script heap (V8 old space), MB. */
  heapMb: number;
  /** The whole browser: every process's memory and its files (launch-browser.ts), MB. */
  maxMemoryMb: number;
  /** Each screenshot's bytes at most. */
  maxScreenshotBytes: number;
  /** Characters of the rendered document kept for detection. */
  maxHtmlChars: number;
};

export const DEFAULT_RENDER_BUDGET: RenderBudget = {
  timeoutMs: 30_000,
  heapMb: 256,
  maxMemoryMb: 1024,
  maxScreenshotBytes: 1024 * 1024,
  maxHtmlChars: 5 * 1024 * 1024,
  maxRequests: 300,
  maxStoreRequests: 20,
  maxOtherHosts: 30,
  maxBytes: 30 * 1024 * 1024,
  // Chromium's own limit of connections per host: enough for a page's CDN burst, while 30 MB read at once stays
  // 30 MB (every open fetch charges the one byte budget as its chunks arrive).
  maxInFlight: 6,
};

/** JPEG quality of the screenshots: a 1280×800 store page comes out around 100 KB. */
const JPEG_QUALITY = 70;
/** How long after a renderer crash its reason (stderr) is waited for. */
const CRASH_REASON_WAIT_MS = 250;
/** After `load`, how long requests may still settle (apps injected by script load then). */
const SETTLE_MS = 2_000;

export type RenderedPage = {
  status: "rendered";
  screenshots: Record<ScreenshotSize, Buffer>;
  /** The document after scripts ran, cut to maxHtmlChars. */
  html: string;
  /** Every URL the page asked for, in order (answered or refused). */
  requestUrls: string[];
  stats: RenderStats;
};

export type RenderFailure = { status: "not_rendered"; code: RenderCode; message: string; stats: RenderStats };

export type RenderOutcome = RenderedPage | RenderFailure;

/**
 * Renders a store's home page once in a browser of its own, and screenshots it at desktop and phone
 * width (viewport only). Every way a page can misbehave (never loading, asking for private
 * addresses, opening pop-ups, downloading, allocating without end, crashing its renderer) ends in a
 * RenderFailure with its code; this never throws. It returns only once its browser is gone: a
 * launch the deadline overtook is still waited for and its browser closed, so a render slot
 * (render-slot.ts) covers the browser's whole life.
 */
export async function renderHomePage(options: {
  executablePath: string;
  url: string;
  storeHosts: ReadonlySet<string>;
  fetchResource: ResourceFetcher;
  budget?: RenderBudget;
}): Promise<RenderOutcome> {
  const budget = options.budget ?? DEFAULT_RENDER_BUDGET;
  const stats: RenderStats = { requests: 0, bytes: 0, refused: {}, bytesRead: 0, peakInFlight: 0 };
  const bytes = new SharedByteBudget(budget.maxBytes);
  const controller = new AbortController();
  let stopped: RenderStop | undefined;
  let rejectStopped: (stop: RenderStop) => void = () => undefined;
  const stoppedPromise = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  stoppedPromise.catch(() => undefined);
  const stop = (reason: RenderStop) => {
    if (stopped) return;
    stopped = reason;
    controller.abort(reason);
    rejectStopped(reason);
  };
  const deadline = setTimeout(
    () => stop(new RenderStop("render_timeout", `the page did not finish within ${budget.timeoutMs} ms`)),
    budget.timeoutMs,
  );

  const memory = { maxMemoryMb: budget.maxMemoryMb, onExceeded: (message: string) => stop(new RenderStop("render_memory", message)) };
  const launching = launchBrowser(options.executablePath, budget.heapMb, memory);
  launching.catch(() => undefined);
  let launched: LaunchedBrowser | undefined;
  try {
    try {
      launched = await Promise.race([launching, stoppedPromise]);
    } catch (error) {
      if (error instanceof RenderStop) throw error;
      throw new RenderStop("render_launch_failed", `the browser did not start: ${messageOf(error)}`);
    }
    const rendered = await Promise.race([renderIn(launched, options, budget, bytes, stats, controller.signal, stop), stoppedPromise]);

    return rendered;
  } catch (error) {
    const reason = stopped ?? (error instanceof RenderStop ? error : new RenderStop("render_failed", messageOf(error)));

    return { status: "not_rendered", code: reason.code, message: reason.message, stats };
  } finally {
    clearTimeout(deadline);
    controller.abort();
    // The launch cannot be called off: one the deadline overtook still ends in a browser (or in
    // its failure, cleaned up by launchBrowser), which is closed here before the slot is freed.
    await (launched ?? (await launching.catch(() => undefined)))?.close();
    stats.bytesRead = bytes.used;
  }
}

async function renderIn(
  launched: LaunchedBrowser,
  options: { url: string; storeHosts: ReadonlySet<string>; fetchResource: ResourceFetcher },
  budget: RenderBudget,
  bytes: SharedByteBudget,
  stats: RenderStats,
  signal: AbortSignal,
  stop: (reason: RenderStop) => void,
): Promise<RenderedPage> {
  const context = await launched.browser.newContext({
    viewport: SCREENSHOT_VIEWPORTS.desktop,
    serviceWorkers: "block",
    acceptDownloads: false,
    permissions: [],
    javaScriptEnabled: true,
  });
  const requestUrls: string[] = [];
  await routeRequests(context, {
    storeHosts: options.storeHosts,
    fetchResource: options.fetchResource,
    budget,
    bytes,
    stats,
    signal,
    stop,
    requestUrls,
  });
  const page = await context.newPage();
  // Anything but the one page is a pop-up (window.open, target=_blank clicked by script).
  context.on("page", (other) => {
    if (other === page) return;
    void other.close().catch(() => undefined);
    stop(new RenderStop("render_popup", "the page opened a pop-up"));
  });
  page.on("download", () => stop(new RenderStop("render_download", "the page started a download")));
  // The stderr line saying why may arrive just after the crash is announced.
  page.on("crash", () => {
    setTimeout(() => {
      stop(
        launched.ranOutOfMemory()
          ? new RenderStop("render_memory", `the page's script heap passed ${budget.heapMb} MB`)
          : new RenderStop("render_crashed", "the page's renderer process crashed"),
      );
    }, CRASH_REASON_WAIT_MS);
  });
  try {
    await page.goto(options.url, { waitUntil: "load", timeout: budget.timeoutMs });
    await page.waitForLoadState("networkidle", { timeout: SETTLE_MS }).catch(() => undefined);
    const desktop = await screenshot(page, budget);
    await page.setViewportSize(SCREENSHOT_VIEWPORTS.phone);
    const phone = await screenshot(page, budget);
    const html = (await page.content()).slice(0, budget.maxHtmlChars);

    return {
      status: "rendered",
      screenshots: { desktop, phone },
      html,
      requestUrls: [...requestUrls],
      stats: { ...stats, refused: { ...stats.refused } },
    };
  } catch (error) {
    // A goto or screenshot cut short by a crash, a pop-up or the deadline: their own code wins the race.
    await sleep(CRASH_REASON_WAIT_MS * 2);
    throw error;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function screenshot(page: Page, budget: RenderBudget): Promise<Buffer> {
  const image = await page.screenshot({
    type: "jpeg",
    quality: JPEG_QUALITY,
    fullPage: false,
    animations: "disabled",
    timeout: budget.timeoutMs,
  });
  if (image.length > budget.maxScreenshotBytes) {
    throw new RenderStop(
      "render_screenshot_too_large",
      `a screenshot took ${image.length} bytes, over the ${budget.maxScreenshotBytes} cap`,
    );
  }

  return image;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 300) ?? "";
}
