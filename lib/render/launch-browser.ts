import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserServer } from "playwright-core";
import { browserMarks, killLeftoverProcesses } from "./kill-leftover-processes";

export type LaunchedBrowser = {
  browser: Browser;
  pid: number | undefined;
  /** Whether V8 said a page's script heap ran out (its renderer then dies). */
  ranOutOfMemory(): boolean;
  close(): Promise<void>;
};

/** What Chromium writes on stderr when a page passes --max-old-space-size (blink's v8_oom.cc). */
const OOM_LINE = "javascript OOM";

/** How long the browser may take to start, and to close before it is killed. */
const LAUNCH_TIMEOUT_MS = 20_000;
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * Starts Chromium in a process of its own for one render, and answers how to end it for sure.
 *
 * Its environment is built here from nothing (PATH, a HOME and TMPDIR of its own): the server's
 * secrets never reach a process that runs a stranger's scripts. Its network is unusable on its
 * own (every host name maps to "not found"): every request it makes is intercepted and answered
 * by us (route-requests.ts), so an answer the interception missed fails instead of connecting.
 *
 * Chromium's own sandbox refuses to start as root; only then does it run without (`--no-sandbox`),
 * contained by the rest: its own process, a clean environment, no network but ours, budgets.
 */
export async function launchBrowser(executablePath: string, heapMb: number): Promise<LaunchedBrowser> {
  const home = await mkdtemp(path.join(tmpdir(), "storelens-render-"));
  const asRoot = process.getuid?.() === 0;
  let server: BrowserServer | undefined;
  try {
    server = await chromium.launchServer({
      executablePath,
      headless: true,
      chromiumSandbox: !asRoot,
      timeout: LAUNCH_TIMEOUT_MS,
      env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: home, TMPDIR: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
      // Our own process group's signals are ours to handle; the browser is ended in close().
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--disable-breakpad",
        "--deny-permission-prompts",
        "--mute-audio",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        `--js-flags=--max-old-space-size=${heapMb}`,
      ],
    });
    const browser = await chromium.connect(server.wsEndpoint(), { timeout: LAUNCH_TIMEOUT_MS });
    const launched = server;
    let closed = false;
    // Only the end of the last chunk is kept, so a line cut between two chunks is still seen.
    let tail = "";
    let outOfMemory = false;
    launched.process().stderr?.on("data", (chunk: Buffer) => {
      const text = tail + chunk.toString("latin1");
      if (text.includes(OOM_LINE)) outOfMemory = true;
      tail = text.slice(-OOM_LINE.length);
    });

    return {
      browser,
      pid: launched.process().pid,
      ranOutOfMemory: () => outOfMemory,
      close: async () => {
        if (closed) return;
        closed = true;
        await endBrowser(browser, launched);
        await killLeftoverProcesses(browserMarks(home, launched.process().spawnargs));
        await rm(home, { recursive: true, force: true }).catch(() => undefined);
      },
    };
  } catch (error) {
    if (server) await server.kill().catch(() => undefined);
    await killLeftoverProcesses(browserMarks(home, server?.process().spawnargs));
    await rm(home, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * Closes gently, and kills the process (its whole group) when a hung page keeps it from closing;
 * close() then kills whatever is left outside the group (kill-leftover-processes.ts).
 */
async function endBrowser(browser: Browser, server: BrowserServer): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gentle = Promise.all([browser.close().catch(() => undefined), server.close().catch(() => undefined)]).then(() => true);
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
  });
  const closedInTime = await Promise.race([gentle, late]);
  clearTimeout(timer);
  if (!closedInTime) await server.kill().catch(() => undefined);
}
