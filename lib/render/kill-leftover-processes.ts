import { readdir, readFile } from "node:fs/promises";

/** How long the leftovers of a browser may take to be gone once killed. */
const LEFTOVER_WAIT_MS = 2_000;
const POLL_MS = 25;

/**
 * What names a browser's processes on their command lines: the HOME we made for it (Crashpad's
 * database sits there) and the profile folder Playwright made (`--user-data-dir`, passed on to every
 * process the browser forks). Both are fresh temporary folders, so nothing else names them.
 */
export function browserMarks(home: string, spawnArgs: readonly string[] = []): string[] {
  const profile = spawnArgs.find((arg) => arg.startsWith("--user-data-dir="))?.slice("--user-data-dir=".length);

  return profile ? [home, profile] : [home];
}

/**
 * Kills whatever is left of a browser after it was closed or killed, and waits until it is gone
 * (at most 2 s). Killing the browser's process group reaches the processes it forked (zygotes,
 * renderers, GPU, network service) but not Crashpad's handlers, which leave the group (a session of
 * their own, parented to init); and Playwright skips the group kill when the browser itself already
 * exited (a crash), leaving its children to notice on their own. Here every live process whose
 * command line names one of `marks` is killed. Without /proc (not Linux) this does nothing.
 */
export async function killLeftoverProcesses(marks: readonly string[]): Promise<void> {
  const deadline = Date.now() + LEFTOVER_WAIT_MS;
  for (;;) {
    const left = await liveProcessesNaming(marks);
    if (left.length === 0 || Date.now() > deadline) return;
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already, or not ours to kill.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Live processes (zombies left out: they hold no memory and run nothing) whose command line names a mark. */
export async function liveProcessesNaming(marks: readonly string[]): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir("/proc");
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const commandLine = await readFile(`/proc/${name}/cmdline`, "latin1");
      if (!marks.some((mark) => commandLine.includes(mark))) continue;
      const stat = await readFile(`/proc/${name}/stat`, "latin1");
      if (stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z") found.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }

  return found;
}
