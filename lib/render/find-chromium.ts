/**
 * Which Chromium there is on this machine: the one question the browser tests
 * (scripts/find-chromium.ts, playwright.config.ts) and the report's render step (find-browser.ts)
 * both ask, answered here once. In order:
 *   1. CHROMIUM_PATH, when set (a path that is not an executable is an error, not a hint);
 *   2. the system's Chromium or Chrome under its usual names, at /usr/bin or on PATH;
 *   3. the Chromium Playwright downloaded (`npx playwright install chromium`).
 * Never downloads or starts anything: it is asked synchronously.
 *
 * CHROMIUM_SEARCH_PATHS (colon-separated files) replaces step 2's list, so a test can stand for a
 * machine without a system browser; Playwright's own PLAYWRIGHT_BROWSERS_PATH moves step 3's folder.
 */
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

const GET_ONE = "install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH=/path/to/chrome, then rerun npm test";

export const NO_CHROMIUM_MESSAGE = `No Chromium found: ${GET_ONE}`;

export type ChromiumSearch = { found: true; path: string } | { found: false; message: string };

export type ChromiumEnv = Record<string, string | undefined>;

/** The first browser there is, or the one line that says how to get one. */
export function findChromium(env: ChromiumEnv = process.env): ChromiumSearch {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    return isExecutable(chosen) ? { found: true, path: chosen } : { found: false, message: notExecutable(chosen) };
  }
  const system = systemCandidates(env).find(isExecutable);
  if (system) return { found: true, path: system };
  const downloaded = playwrightChromium();
  if (downloaded) return { found: true, path: downloaded };

  return { found: false, message: NO_CHROMIUM_MESSAGE };
}

export function notExecutable(chosen: string): string {
  return `CHROMIUM_PATH=${chosen} is not an executable file: point it at a Chromium or Chrome binary, or unset it to search the usual places`;
}

export function systemCandidates(env: ChromiumEnv): string[] {
  if (env.CHROMIUM_SEARCH_PATHS !== undefined) return env.CHROMIUM_SEARCH_PATHS.split(":").filter(Boolean);
  const onPath = (env.PATH ?? "").split(":").filter(Boolean);

  return [...SYSTEM_NAMES.map((name) => `/usr/bin/${name}`), ...SYSTEM_NAMES.flatMap((name) => onPath.map((dir) => path.join(dir, name)))];
}

/**
 * Where Playwright keeps the browser it downloads, if it is there. Playwright reads
 * PLAYWRIGHT_BROWSERS_PATH (which moves that folder) from this process's environment when it loads.
 */
export function playwrightChromium(): string | undefined {
  try {
    const file = chromium.executablePath();

    return isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);

    return statSync(file).isFile();
  } catch {
    return false;
  }
}
