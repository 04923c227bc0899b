/**
 * Which Chromium the browser tests drive. `npm test` (scripts/test.sh) runs this before the
 * browser tests and passes the answer on in CHROMIUM_PATH; playwright.config.ts asks the same
 * question when Playwright is run directly. In order:
 *   1. CHROMIUM_PATH, when set (a path that is not an executable is an error, not a hint);
 *   2. the system's Chromium or Chrome under its usual names, at /usr/bin or on PATH;
 *   3. the Chromium Playwright downloaded (`npx playwright install chromium`);
 *   4. with --install only: that download, tried once, under a time limit.
 * Nothing found: one line on stderr saying how to get a browser, and exit status 1, so that a
 * machine without a browser stops here instead of failing every browser test at launch.
 *
 * CHROMIUM_SEARCH_PATHS (colon-separated files) replaces step 2's list, so a test can stand
 * for a machine without a system browser; Playwright's own PLAYWRIGHT_BROWSERS_PATH moves step 3's folder.
 * These variables are read here and nowhere else; playwright.config.ts asks findChromium().
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
/** A download is a few hundred MB; past this the network is as good as absent. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH=/path/to/chrome, then rerun npm test";

export type ChromiumSearch = { found: true; path: string } | { found: false; message: string };

type Env = Record<string, string | undefined>;

/** The browser to drive, or the one line that says how to get one. Never downloads anything. */
export function findChromium(env: Env = process.env): ChromiumSearch {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    return isExecutable(chosen)
      ? { found: true, path: chosen }
      : { found: false, message: `CHROMIUM_PATH=${chosen} is not an executable file: point it at a Chromium or Chrome binary, or unset it to search the usual places` };
  }
  const system = systemCandidates(env).find(isExecutable);
  if (system) return { found: true, path: system };
  const downloaded = playwrightChromium();
  if (downloaded) return { found: true, path: downloaded };

  return { found: false, message: NO_CHROMIUM_MESSAGE };
}

function systemCandidates(env: Env): string[] {
  if (env.CHROMIUM_SEARCH_PATHS !== undefined) return env.CHROMIUM_SEARCH_PATHS.split(":").filter(Boolean);
  const onPath = (env.PATH ?? "").split(":").filter(Boolean);

  return [
    ...SYSTEM_NAMES.map((name) => `/usr/bin/${name}`),
    ...SYSTEM_NAMES.flatMap((name) => onPath.map((dir) => path.join(dir, name))),
  ];
}

/**
 * Where Playwright keeps the browser it downloads, if it is there. Playwright reads
 * PLAYWRIGHT_BROWSERS_PATH (which moves that folder) from this process's environment when it loads.
 */
function playwrightChromium(): string | undefined {
  try {
    const file = chromium.executablePath();

    return isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);

    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Tries Playwright's own download once. Its output is dropped: where the network refuses it, it
 * is a page of stack traces, and the one line after it says what to do instead.
 */
function installPlaywrightChromium(): void {
  process.stderr.write("No system Chromium; trying `npx playwright install chromium`…\n");
  spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "ignore", timeout: INSTALL_TIMEOUT_MS });
}

function main(args: string[]): number {
  let search = findChromium();
  // A wrong CHROMIUM_PATH is the user's to fix; a download would only hide it.
  if (!search.found && args.includes("--install") && !process.env.CHROMIUM_PATH) {
    installPlaywrightChromium();
    search = findChromium();
  }
  if (!search.found) {
    process.stderr.write(`${search.message}\n`);

    return 1;
  }
  process.stdout.write(`${search.path}\n`);

  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
