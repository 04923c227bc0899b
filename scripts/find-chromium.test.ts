// On a machine without a browser, `npm test` and `npx playwright test` stop before the browser
// tests on one line that says how to get one, with a failing exit status; with a browser,
// they drive the one CHROMIUM_PATH names or the first one found.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NO_CHROMIUM_MESSAGE } from "./find-chromium";

const scratch = mkdtempSync(path.join(tmpdir(), "find-chromium-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A machine with no system browser and no Playwright download, whatever this one has. */
const bareMachine = {
  CHROMIUM_PATH: undefined,
  CHROMIUM_SEARCH_PATHS: `${scratch}/usr/bin/chromium:${scratch}/usr/bin/google-chrome`,
  PLAYWRIGHT_BROWSERS_PATH: path.join(scratch, "no-downloads"),
};

function run(command: string[], env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const result = spawnSync(command[0]!, command.slice(1), { env: merged, encoding: "utf8", timeout: 120_000 });

  // npm's own warnings about the machine's npm configuration are not ours to count.
  const stderrLines = result.stderr.split("\n").filter((line) => line.trim() && !line.startsWith("npm warn"));

  return { status: result.status, stdout: result.stdout.trim(), stderrLines };
}

const findChromium = (env: Record<string, string | undefined>) => run(["node", "--import", "tsx", "scripts/find-chromium.ts"], env);

function fakeBrowser(name: string): string {
  const file = path.isAbsolute(name) ? name : path.join(scratch, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, 0o755);

  return file;
}

describe("finding Chromium for the browser tests", { timeout: 120_000 }, () => {
  it("without any browser, says how to get one in one line and fails", () => {
    const result = findChromium(bareMachine);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderrLines).toEqual([NO_CHROMIUM_MESSAGE]);
  });

  it("refuses a CHROMIUM_PATH that points nowhere in one line, instead of searching past it", () => {
    const chrome = fakeBrowser("chrome-elsewhere");
    const result = findChromium({ ...bareMachine, CHROMIUM_PATH: path.join(scratch, "missing/chrome"), CHROMIUM_SEARCH_PATHS: chrome });
    expect(result.status).toBe(1);
    expect(result.stderrLines).toHaveLength(1);
    expect(result.stderrLines[0]).toContain(`CHROMIUM_PATH=${path.join(scratch, "missing/chrome")} is not an executable file`);
  });

  it("takes the first system browser there is, and CHROMIUM_PATH over all of them", () => {
    const chrome = fakeBrowser("google-chrome");
    const mine = fakeBrowser("my-chrome");
    const search = `${scratch}/usr/bin/chromium:${path.join(scratch, "not-executable")}:${chrome}:${mine}`;
    writeFileSync(path.join(scratch, "not-executable"), "");
    expect(findChromium({ ...bareMachine, CHROMIUM_SEARCH_PATHS: search })).toMatchObject({ status: 0, stdout: chrome });
    expect(findChromium({ ...bareMachine, CHROMIUM_SEARCH_PATHS: search, CHROMIUM_PATH: mine })).toMatchObject({ status: 0, stdout: mine });
  });

  it("falls back to the Chromium Playwright downloaded", () => {
    const downloads = path.join(scratch, "playwright-downloads");
    // Where Playwright itself would put its download under that setting (it reads it once, at load).
    const where = run(["node", "--input-type=module", "-e", 'import { chromium } from "@playwright/test"; console.log(chromium.executablePath())'], { PLAYWRIGHT_BROWSERS_PATH: downloads });
    const downloaded = where.stdout;
    expect(downloaded.startsWith(downloads)).toBe(true);
    fakeBrowser(downloaded);
    expect(findChromium({ ...bareMachine, PLAYWRIGHT_BROWSERS_PATH: downloads })).toMatchObject({ status: 0, stdout: downloaded });
  });

  it("makes `npx playwright test` run directly stop on the same line", () => {
    const result = run(["npx", "playwright", "test", "--list"], bareMachine);
    expect(result.status).not.toBe(0);
    expect(result.stderrLines).toEqual([NO_CHROMIUM_MESSAGE]);
  });
});
