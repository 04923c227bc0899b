import { readdirSync, readFileSync } from "node:fs";

export type BrowserProcess = {
  pid: number;
  /**
   * The profile folder of the browser it belongs to (`--user-data-dir`, which Chromium passes on to
   * the processes it forks); null for Crashpad's handlers, which name only the browser's HOME.
   */
  profile: string | null;
  /** The browser itself: not a process it forked, nor a fork on its way to becoming one. */
  main: boolean;
};

/**
 * Live processes (zombies left out) whose command line names `folder`: a test that points TMPDIR at
 * a folder of its own sees every process of the browsers it launched (each names its profile or
 * HOME there), and no other test's. Synchronous, so a test can sample it on a timer.
 */
export function processesNaming(folder: string): BrowserProcess[] {
  const found: BrowserProcess[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, "latin1").split("\0");
      if (!args.some((arg) => arg.includes(folder))) continue;
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const [state = "", parent = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z") continue;
      const profile = args.find((arg) => arg.startsWith("--user-data-dir="))?.slice("--user-data-dir=".length) ?? null;
      const parentArgs = readParentArgs(parent);
      const main = profile !== null && !args.some((arg) => arg.startsWith("--type=")) && !parentArgs.includes(`--user-data-dir=${profile}`);
      found.push({ pid: Number(name), profile, main });
    } catch {
      // Ended while we looked.
    }
  }

  return found;
}

function readParentArgs(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0");
  } catch {
    return [];
  }
}

/**
 * Samples `processesNaming(folder)` every 20 ms until stopped: the most browsers alive at once,
 * a browser counting while any process of it (its profile) is alive.
 */
export function sampleBrowsers(folder: string) {
  let peak = 0;
  const sample = () => {
    const profiles = new Set(processesNaming(folder).flatMap((process) => (process.profile ? [process.profile] : [])));
    peak = Math.max(peak, profiles.size);
  };
  const timer = setInterval(sample, 20);

  return {
    stop(): number {
      clearInterval(timer);
      sample();

      return peak;
    },
  };
}
