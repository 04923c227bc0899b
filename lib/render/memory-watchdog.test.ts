import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchMemory, type MemoryWatch } from "./memory-watchdog";

const MB = 1024 * 1024;
let child: ChildProcess | undefined;
let watch: MemoryWatch | undefined;
let folder: string | undefined;

afterEach(() => {
  watch?.stop();
  child?.kill("SIGKILL");
  if (folder) rmSync(folder, { recursive: true, force: true });
  child = watch = folder = undefined;
});

/** A process whose child (a grandchild of ours, as a renderer is the browser's) runs `script`; resolves with both pids. */
async function spawnTree(script: string): Promise<{ root: ChildProcess; grandchild: number }> {
  const root = spawn(process.execPath, [
    "-e",
    `const c = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(script)}]); console.log(c.pid); setInterval(() => {}, 1000);`,
  ]);
  child = root;
  const grandchild = await new Promise<number>((resolve) =>
    root.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString()))),
  );

  return { root, grandchild };
}

/** Running, not gone or a zombie waiting for its parent. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

describe("watchMemory without a cgroup", () => {
  it("kills the whole tree once its resident memory passes the cap, and says so", async () => {
    // Touched buffers, 16 MB every 20 ms up to 1 GB, then held.
    const { root, grandchild } = await spawnTree(
      "const kept = []; const t = setInterval(() => { kept.push(Buffer.alloc(16 * 1024 * 1024, 1)); if (kept.length >= 64) clearInterval(t); }, 20); setInterval(() => {}, 1000);",
    );
    const messages: string[] = [];
    watch = watchMemory({
      rootPid: root.pid!,
      limitBytes: 200 * MB,
      cgroup: null,
      dirs: [],
      onExceeded: (message) => messages.push(message),
    });

    await expect.poll(() => messages, { timeout: 20_000 }).toHaveLength(1);
    expect(messages[0]).toMatch(/the browser's processes held \d+ MB, over the memory cap of 200 MB/);
    // The whole tree was killed: the parent and the allocating grandchild alike.
    await expect.poll(() => [isRunning(root.pid!), isRunning(grandchild)], { timeout: 10_000 }).toEqual([false, false]);
    expect(watch.exceeded()).toBe(messages[0]);
  }, 30_000);

  it("counts the browser's files against the same cap", async () => {
    folder = mkdtempSync(path.join(tmpdir(), "watchdog-"));
    // A process of next to no memory of its own: only the files can pass the cap.
    child = spawn("sleep", ["60"]);
    const messages: string[] = [];
    watch = watchMemory({
      rootPid: child.pid!,
      limitBytes: 2 * MB,
      cgroup: null,
      dirs: [folder],
      onExceeded: (message) => messages.push(message),
    });
    writeFileSync(path.join(folder, "cache"), Buffer.alloc(3 * MB, 1));

    await expect.poll(() => messages, { timeout: 10_000 }).toHaveLength(1);
    expect(messages[0]).toMatch(/the browser's files took 3 MB, over the memory cap of 2 MB/);
  }, 20_000);
});
