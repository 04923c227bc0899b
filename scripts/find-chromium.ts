/**
 * Which Chromium the browser tests drive. `npm test` (scripts/test.sh) runs this before the
 * browser tests and passes the answer on in CHROMIUM_PATH; playwright.config.ts asks the same
 * question when Playwright is run directly; the finding itself is lib/render/find-chromium.ts, which
 * the report's render step asks too. In order:
 *   1. CHROMIUM_PATH, when set (a path that is not an executable is an error, not a hint);
 *   2. the system's Chromium or Chrome under its usual names, at /usr/bin or on PATH;
 *   3. the Chromium Playwright downloaded (`npx playwright install chromium`);
 *   4. with --install only: that download, tried once, under a time limit.
 * Run as a script, a candidate counts only once it has started headless and closed again:
 * Ubuntu's /usr/bin/chromium-browser may be a snap launcher that starts no browser, and a
 * download on a machine without its system libraries is there but cannot run. The script then
 * prints the path on stdout; with none that starts, one line on stderr says why and how to get a
 * browser, and exit status 1, so that a machine without a browser stops here instead of failing
 * every browser test at launch.
 *
 * CHROMIUM_SEARCH_PATHS (colon-separated files) replaces step 2's list, so a test can stand
 * for a machine without a system browser; Playwright's own PLAYWRIGHT_BROWSERS_PATH moves step 3's folder.
 * These variables are read in lib/render/find-chromium.ts and nowhere else; playwright.config.ts asks findChromium().
 */
import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import {
  findChromium,
  isExecutable,
  NO_CHROMIUM_MESSAGE,
  notExecutable,
  playwrightChromium,
  systemCandidates,
  type ChromiumEnv as Env,
  type ChromiumSearch,
} from "../lib/render/find-chromium";

export { findChromium, NO_CHROMIUM_MESSAGE, type ChromiumSearch };

/** A download is a few hundred MB; past this the network is as good as absent. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;
/** A working Chromium starts in about a second; one that takes this long will not serve the tests. */
const LAUNCH_TIMEOUT_MS = 20_000;
/** The flags the browser tests' Chromium runs with (playwright.config.ts), so a candidate is checked as it will run. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The binary that drives the browser tests for the Chromium `file`: Debian's headless shell beside
 * it when there is one (package chromium-headless-shell), else `file` itself. The shell is the same
 * engine without the desktop browser around it, what Playwright drives headless with its own
 * download; it starts fewer processes, and the browser tests' Chromium used about 40 % less CPU with
 * it (docs/testing.md › The stages and where the time goes). Only the tests' browser: the report's
 * render keeps CHROMIUM_PATH, whose process containment (lib/render/) was built and checked on it.
 * The binary itself, not Debian's /usr/bin wrapper, which runs it as a child instead of replacing itself.
 */
export function testDriverBinary(file: string, shell = HEADLESS_SHELL): string {
  const real = safeRealpath(file);
  const debianChromium = real === "/usr/lib/chromium/chromium" || real === "/usr/bin/chromium";

  return debianChromium && isExecutable(shell) ? shell : file;
}

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

const GET_ONE = "install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH=/path/to/chrome, then rerun npm test";
const GET_ITS_LIBRARIES =
  "install its system libraries with `npx playwright install --with-deps chromium` (as root), or Debian's chromium (apt-get install chromium), or set CHROMIUM_PATH=/path/to/chrome, then rerun npm test";

/** Why `file` does not start as the browser tests start it, or undefined when it does. */
export async function launchFailure(file: string): Promise<string | undefined> {
  try {
    const browser = await chromium.launch({ executablePath: file, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT_MS });
    await browser.close().catch(() => undefined);

    return undefined;
  } catch (error) {
    return launchReason(error instanceof Error ? error.message : String(error));
  }
}

/**
 * One line out of Playwright's page-long launch error: what the browser itself said on stderr
 * first (a missing library, a snap that is not installed), else how it ended, else the error's own
 * first line.
 */
function launchReason(message: string): string {
  // Playwright colors its call log.
  const lines = message.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
  const said = lines.map((line) => /^\[pid=\d+\]\[err\]\s*(.+)$/.exec(line.trim())?.[1]?.trim()).find(Boolean);
  if (said) return said.replace(/[.\s]+$/, "");
  const exit = lines.map((line) => /<process did exit: exitCode=(\w+), signal=(\w+)>/.exec(line)).find(Boolean);
  if (exit) return exit[1] !== "null" ? `exited with status ${exit[1]}` : `killed by ${exit[2]}`;

  return (lines[0] ?? "").replace(/^browserType\.launch:\s*/, "").trim() || "did not start";
}

/**
 * Runs `command` in a process group of its own and, past `timeoutMs`, ends the whole group: the
 * download npx starts would otherwise outlive npx. Output is dropped: where the network refuses
 * it, it is a page of stack traces, and the one line after it says what to do instead. Resolves
 * to why it failed, or undefined.
 */
export function runInstall(command: string[], timeoutMs = INSTALL_TIMEOUT_MS): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: "ignore", detached: true });
    let timedOut = false;
    const endGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    // Gentle first, so a half-written download can clean up after itself; then for sure.
    let hardKill: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      endGroup("SIGTERM");
      hardKill = setTimeout(() => endGroup("SIGKILL"), 5_000);
    }, timeoutMs);
    // Ctrl-C reaches our process group only; take the download down with us.
    const onSignal = (signal: NodeJS.Signals) => {
      endGroup("SIGKILL");
      process.exit(signal === "SIGINT" ? 130 : 143);
    };
    process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
    const done = (failure: string | undefined) => {
      clearTimeout(timer);
      clearTimeout(hardKill);
      process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
      endGroup("SIGKILL");
      resolve(failure);
    };
    child.once("error", (error) => done(`could not run (${error.message})`));
    child.once("exit", (code, signal) => {
      if (timedOut) done(`timed out after ${Math.round(timeoutMs / 1000)} s`);
      else if (code === 0) done(undefined);
      else done(code !== null ? `failed with status ${code}` : `was killed by ${signal}`);
    });
  });
}

async function main(args: string[], env: Env = process.env): Promise<number> {
  const ok = (file: string) => {
    process.stdout.write(`${file}\n`);

    return 0;
  };
  const fail = (message: string) => {
    process.stderr.write(`${message}\n`);

    return 1;
  };

  // A wrong CHROMIUM_PATH is the user's to fix; searching past it or a download would only hide it.
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!isExecutable(chosen)) return fail(notExecutable(chosen));
    const failure = await launchFailure(chosen);

    return failure
      ? fail(
          `CHROMIUM_PATH=${chosen} does not start (${failure}): point it at a Chromium or Chrome that runs (Debian: apt-get install chromium), or unset it to search the usual places`,
        )
      : ok(chosen);
  }

  const failures: string[] = [];
  const tried = new Set<string>();
  const starts = async (file: string) => {
    const real = safeRealpath(file);
    if (tried.has(real)) return false;
    tried.add(real);
    const failure = await launchFailure(file);
    if (failure) failures.push(`${file} does not start: ${failure}`);

    return !failure;
  };

  for (const file of systemCandidates(env).filter(isExecutable)) {
    if (await starts(file)) return ok(file);
  }
  let download = playwrightChromium();
  if (!download && args.includes("--install")) {
    process.stderr.write(`No ${failures.length ? "working " : ""}Chromium; trying \`npx playwright install chromium\`…\n`);
    const installFailure = await runInstall(["npx", "playwright", "install", "chromium"]);
    download = playwrightChromium();
    if (!download) failures.push(`\`npx playwright install chromium\` ${installFailure ?? "finished without a browser"}`);
  }
  if (download && (await starts(download))) return ok(download);
  // A download that is there but does not start lacks system libraries; downloading it again won't help.
  const brokenDownload = download !== undefined;
  if (!failures.length) return fail(NO_CHROMIUM_MESSAGE);

  return fail(`No working Chromium (${failures.join("; ")}): ${brokenDownload ? GET_ITS_LIBRARIES : GET_ONE}`);
}

function safeRealpath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Not top-level await: playwright.config.ts imports this file through Playwright's own loader.
  void main(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
