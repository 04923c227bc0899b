// On a machine without a browser, `npm test` and `npx playwright test` stop before the browser
// tests on one line that says how to get one, with a failing exit status; with a browser,
// they drive the one CHROMIUM_PATH names or the first one found that really starts.
// Browsers that start here are wrappers around this machine's /usr/bin/chromium.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NO_CHROMIUM_MESSAGE, runInstall, testDriverBinary } from "./find-chromium";

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

const REAL_CHROMIUM = "/usr/bin/chromium";

function script(name: string, body: string): string {
  const file = path.isAbsolute(name) ? name : path.join(scratch, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);

  return file;
}

/** A browser that starts: this machine's Chromium under another name. */
const workingBrowser = (name: string) => script(name, `exec ${REAL_CHROMIUM} "$@"`);

/** What Ubuntu's /usr/bin/chromium-browser can be: an executable that starts no browser. */
const snapLauncher = (name: string) => script(name, `echo "Command '${name}' requires the chromium snap to be installed." >&2\nexit 1`);

/** Killed, not merely orphaned: a dead process nobody reaps (PID 1 in a container may not) stays a zombie, state Z. */
function isRunning(pid: string): boolean {
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);

  return state !== "" && state !== "Z" && state !== "X";
}

/** Where Playwright itself would put its download under that PLAYWRIGHT_BROWSERS_PATH (it reads it once, at load). */
function playwrightDownloadPath(downloads: string): string {
  const where = run(
    ["node", "--input-type=module", "-e", 'import { chromium } from "@playwright/test"; console.log(chromium.executablePath())'],
    { PLAYWRIGHT_BROWSERS_PATH: downloads },
  );
  expect(where.stdout.startsWith(downloads)).toBe(true);

  return where.stdout;
}

describe("finding Chromium for the browser tests", { timeout: 120_000 }, () => {
  it("without any browser, says how to get one in one line and fails", () => {
    const result = findChromium(bareMachine);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderrLines).toEqual([NO_CHROMIUM_MESSAGE]);
  });

  it("refuses a CHROMIUM_PATH that points nowhere in one line, instead of searching past it", () => {
    const chrome = workingBrowser("chrome-elsewhere");
    const result = findChromium({ ...bareMachine, CHROMIUM_PATH: path.join(scratch, "missing/chrome"), CHROMIUM_SEARCH_PATHS: chrome });
    expect(result.status).toBe(1);
    expect(result.stderrLines).toHaveLength(1);
    expect(result.stderrLines[0]).toContain(`CHROMIUM_PATH=${path.join(scratch, "missing/chrome")} is not an executable file`);
  });

  it("takes the first system browser there is, and CHROMIUM_PATH over all of them", () => {
    const chrome = workingBrowser("google-chrome");
    const mine = workingBrowser("my-chrome");
    const search = `${scratch}/usr/bin/chromium:${path.join(scratch, "not-executable")}:${chrome}:${mine}`;
    writeFileSync(path.join(scratch, "not-executable"), "");
    expect(findChromium({ ...bareMachine, CHROMIUM_SEARCH_PATHS: search })).toMatchObject({ status: 0, stdout: chrome });
    expect(findChromium({ ...bareMachine, CHROMIUM_SEARCH_PATHS: search, CHROMIUM_PATH: mine })).toMatchObject({ status: 0, stdout: mine });
  });

  it("falls back to the Chromium Playwright downloaded", () => {
    const downloads = path.join(scratch, "playwright-downloads");
    const downloaded = workingBrowser(playwrightDownloadPath(downloads));
    expect(findChromium({ ...bareMachine, PLAYWRIGHT_BROWSERS_PATH: downloads })).toMatchObject({ status: 0, stdout: downloaded });
  });

  it("passes over a browser that does not start, such as a snap launcher, for the next one that does", () => {
    const snap = snapLauncher("snap/chromium-browser");
    const result = findChromium({ ...bareMachine, CHROMIUM_SEARCH_PATHS: `${snap}:${REAL_CHROMIUM}` });
    expect(result).toMatchObject({ status: 0, stdout: REAL_CHROMIUM });
    expect(result.stderrLines).toEqual([]);
  });

  it("refuses a CHROMIUM_PATH that does not start in one line that says why and what to do", () => {
    const broken = snapLauncher("broken/chromium-browser");
    const result = findChromium({ ...bareMachine, CHROMIUM_PATH: broken, CHROMIUM_SEARCH_PATHS: "" });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderrLines).toHaveLength(1);
    expect(result.stderrLines[0]).toContain(`CHROMIUM_PATH=${broken} does not start`);
    expect(result.stderrLines[0]).toContain("requires the chromium snap to be installed");
    expect(result.stderrLines[0]).toContain("apt-get install chromium");
  });

  it("says how to get the system libraries when only a Playwright download is there and it does not start", () => {
    const downloads = path.join(scratch, "broken-downloads");
    const downloaded = script(
      playwrightDownloadPath(downloads),
      `echo "chrome: error while loading shared libraries: libnss3.so" >&2\nexit 127`,
    );
    const snap = snapLauncher("snap-too/chromium-browser");
    const result = findChromium({ ...bareMachine, CHROMIUM_SEARCH_PATHS: snap, PLAYWRIGHT_BROWSERS_PATH: downloads });
    expect(result.status).toBe(1);
    expect(result.stderrLines).toHaveLength(1);
    expect(result.stderrLines[0]).toContain(`${snap} does not start: Command`);
    expect(result.stderrLines[0]).toContain(`${downloaded} does not start: chrome: error while loading shared libraries: libnss3.so`);
    expect(result.stderrLines[0]).toContain("npx playwright install --with-deps chromium");
  });

  it("ends the whole download, not only npx, when the install runs out of time", async () => {
    const pidFile = path.join(scratch, "download.pid");
    // Stands for npx: starts a long download in the background and waits for it.
    const npx = script("slow-npx", `sleep 300 &\necho $! > ${pidFile}\nwait`);
    const started = Date.now();
    expect(await runInstall([npx], 1_000)).toBe("timed out after 1 s");
    expect(Date.now() - started).toBeLessThan(10_000);
    const download = readFileSync(pidFile, "utf8").trim();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(download)).toBe(false);
  });

  it("makes `npx playwright test` run directly stop on the same line", () => {
    const result = run(["npx", "playwright", "test", "--list"], bareMachine);
    expect(result.status).not.toBe(0);
    expect(result.stderrLines).toEqual([NO_CHROMIUM_MESSAGE]);
  });
});

describe("the binary that drives the browser tests", () => {
  const shell = script("lib/chromium/chromium-headless-shell", "exit 0");

  it("is Debian's headless shell when Debian's Chromium was found and the shell sits beside it", () => {
    expect(testDriverBinary("/usr/bin/chromium", shell)).toBe(shell);
  });

  it("is the browser found itself when that is another browser, or when no shell is installed", () => {
    const chrome = script("opt/google/chrome", "exit 0");
    expect(testDriverBinary(chrome, shell)).toBe(chrome);
    expect(testDriverBinary("/usr/bin/chromium", path.join(scratch, "no-shell"))).toBe("/usr/bin/chromium");
  });
});
