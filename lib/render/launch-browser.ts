import { chmod, chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserServer } from "playwright-core";
import { getEnv } from "@/lib/env";
import { JAIL_PATH, prepareJail, type Containment } from "./browser-jail";
import { createMemoryCgroup, type MemoryCgroup } from "./memory-cgroup";
import { browserMarks, killLeftoverProcesses } from "./kill-leftover-processes";
import { watchMemory, type MemoryWatch } from "./memory-watchdog";

export type LaunchedBrowser = {
  browser: Browser;
  pid: number | undefined;
  /** What holds it on this machine (browser-jail.ts). */
  containment: Containment;
  /**
   * Whether V8 said a page's script heap ran out (its renderer then dies), or the browser passed
   * its memory cap (then the memory listener has been told why, before this answers).
   */
  ranOutOfMemory(): boolean;
  close(): Promise<void>;
};

/** What Chromium writes on stderr when a page passes --max-old-space-size (blink's v8_oom.cc). */
const OOM_LINE = "javascript OOM";

/** How long the browser may take to start, and to close before it is killed. */
const LAUNCH_TIMEOUT_MS = 20_000;
const CLOSE_TIMEOUT_MS = 5_000;
const MB = 1024 * 1024;
/** The cap when the caller names none (render-home-page.ts's budget does). */
const DEFAULT_MAX_MEMORY_MB = 1024;

export type MemoryCap = {
  /** The browser's whole process tree (every renderer, its other processes) and its files, MB. */
  maxMemoryMb: number;
  /** Called once when the browser passes it, with why. */
  onExceeded(message: string): void;
};

/**
 * Starts Chromium in a process of its own for one render, and answers how to end it for sure.
 *
 * It is contained as far as this machine allows (browser-jail.ts, probed and logged once): a
 * network namespace of its own with only a loopback that is down, so every request it makes must
 * be one our interception answers (route-requests.ts; Playwright drives it over a pipe, not a
 * port) and WebRTC, which bypasses interception, reaches nothing; a user other than root (nobody
 * when the server is root, RENDER_USER) with Chromium's sandbox on; a memory cap on its whole
 * process tree and its files (memory-cgroup.ts, else memory-watchdog.ts). Its environment is built
 * here from nothing (PATH, a HOME and TMPDIR of its own): the server's secrets never reach a
 * process that runs a stranger's scripts. Its name resolution maps every host to "not found".
 *
 * Where the namespace is not to be had, WebRTC is kept off UDP by policy flags; where the sandbox is
 * not, it runs with `--no-sandbox`; RENDER_REQUIRE_CONTAINMENT=true refuses to launch instead.
 */
export async function launchBrowser(executablePath: string, heapMb: number, memory?: MemoryCap): Promise<LaunchedBrowser> {
  // The render's folder: the launcher (root's, when we are root) and the browser's own home.
  const folder = await mkdtemp(path.join(tmpdir(), "storelens-render-"));
  const home = path.join(folder, "home");
  const limitBytes = (memory?.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB) * MB;
  let cgroup: MemoryCgroup | null = null;
  let server: BrowserServer | undefined;
  let watch: MemoryWatch | undefined;
  try {
    cgroup = createMemoryCgroup(limitBytes);
    await mkdir(home, { mode: 0o700 });
    const jail = await prepareJail(executablePath, cgroup?.dir ?? null, folder);
    if (cgroup && !jail.joinsCgroup) {
      await cgroup.remove();
      cgroup = null;
    }
    if (getEnv().RENDER_REQUIRE_CONTAINMENT && jail.containment.missing.length > 0) {
      throw new Error(`RENDER_REQUIRE_CONTAINMENT refuses an uncontained browser: ${jail.containment.missing.join("; ")}`);
    }
    if (jail.owner) {
      await chown(home, jail.owner.uid, jail.owner.gid);
      // Its user may pass through to its home, not list the folder or change the launcher.
      await chmod(folder, 0o711);
    }
    server = await chromium.launchServer({
      executablePath: jail.executablePath,
      headless: true,
      chromiumSandbox: jail.containment.sandbox,
      timeout: LAUNCH_TIMEOUT_MS,
      env: { PATH: JAIL_PATH, HOME: home, TMPDIR: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home, ...jail.env },
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
        // Without a network namespace, WebRTC (which no interception sees) is kept off UDP at least.
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--webrtc-ip-handling-policy=disable_non_proxied_udp",
        `--js-flags=--max-old-space-size=${heapMb}`,
      ],
    });
    const launched = server;
    const pid = launched.process().pid;
    const profile = launched
      .process()
      .spawnargs.find((arg) => arg.startsWith("--user-data-dir="))
      ?.slice("--user-data-dir=".length);
    let overMemory = false;
    if (pid !== undefined) {
      watch = watchMemory({
        rootPid: pid,
        limitBytes,
        cgroup,
        dirs: profile ? [folder, profile] : [folder],
        onExceeded: (message) => {
          overMemory = true;
          memory?.onExceeded(message);
        },
      });
    }
    const watching = watch;
    const browser = await chromium.connect(server.wsEndpoint(), { timeout: LAUNCH_TIMEOUT_MS });
    // The kernel may end the browser's main process itself when the cap is reached.
    browser.on("disconnected", () => watching?.exceeded());
    let closed = false;
    // Only the end of the last chunk is kept, so a line cut between two chunks is still seen.
    let tail = "";
    let outOfMemory = false;
    launched.process().stderr?.on("data", (chunk: Buffer) => {
      const text = tail + chunk.toString("latin1");
      if (text.includes(OOM_LINE)) outOfMemory = true;
      tail = text.slice(-OOM_LINE.length);
    });
    const group = cgroup;

    return {
      browser,
      pid,
      containment: jail.containment,
      ranOutOfMemory: () => outOfMemory || watching?.exceeded() != null || overMemory,
      close: async () => {
        if (closed) return;
        closed = true;
        watching?.stop();
        await endBrowser(browser, launched);
        // Whatever of the tree outlived its main process (the cgroup holds every one of them).
        await killLeftoverProcesses(browserMarks(folder, launched.process().spawnargs));
        await group?.remove();
        await rm(folder, { recursive: true, force: true }).catch(() => undefined);
      },
    };
  } catch (error) {
    watch?.stop();
    if (server) await server.kill().catch(() => undefined);
    await killLeftoverProcesses(browserMarks(folder, server?.process().spawnargs));
    await cgroup?.remove();
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
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
