import { readdirSync, readFileSync } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import type { MemoryCgroup } from "./memory-cgroup";

export type MemoryWatch = {
  /** Why the browser passed its cap (checked now, not at the last tick), or null. */
  exceeded(): string | null;
  stop(): void;
};

/** How often the tree is measured: a page allocating 1 GB/s passes the cap by at most a quarter of that. */
const TICK_MS = 250;
/** The browser's folders are measured every this many ticks (a walk of the profile). */
const DISK_EVERY_TICKS = 4;
/** A profile of more entries than this is measured no further: it is over any cap in spirit. */
const MAX_DISK_ENTRIES = 20_000;
const MB = 1024 * 1024;

/**
 * Watches one browser's memory and disk against its cap, and calls onExceeded once when it is past.
 *
 * Memory: in a cgroup the kernel enforces the cap (memory-cgroup.ts) and this only notices that it
 * ended a process. Without one, it sums the anonymous and shared-memory RSS of the browser's process
 * tree (found from /proc, every renderer included) every 250 ms and, past the cap, kills the whole
 * tree at once: a page that allocates keeps allocating while the browser is asked to close.
 *
 * Disk: the browser's own folders (its profile and temporary files, which hold Cache Storage,
 * IndexedDB and shared memory) count against the same cap, measured every second.
 */
export function watchMemory(options: {
  rootPid: number;
  limitBytes: number;
  cgroup: MemoryCgroup | null;
  dirs: readonly string[];
  onExceeded: (message: string) => void;
}): MemoryWatch {
  const { rootPid, limitBytes, cgroup, dirs } = options;
  const capMb = Math.round(limitBytes / MB);
  let reason: string | null = null;
  let ticks = 0;
  let measuringDisk = false;

  const over = (message: string) => {
    if (reason) return;
    reason = message;
    // The cgroup's kernel limit holds the tree already; our own count has nothing holding it.
    if (!cgroup) killTree(rootPid);
    options.onExceeded(message);
  };
  const checkMemory = () => {
    if (reason) return;
    if (cgroup) {
      if (cgroup.oomKills() > 0) over(`the browser passed its memory cap of ${capMb} MB (the kernel ended one of its processes)`);
      return;
    }
    const bytes = treeMemoryBytes(rootPid);
    if (bytes > limitBytes) over(`the browser's processes held ${Math.round(bytes / MB)} MB, over the memory cap of ${capMb} MB`);
  };
  const checkDisk = async () => {
    if (measuringDisk || reason) return;
    measuringDisk = true;
    try {
      const bytes = await diskBytes(dirs);
      if (bytes > limitBytes) over(`the browser's files took ${Math.round(bytes / MB)} MB, over the memory cap of ${capMb} MB`);
    } finally {
      measuringDisk = false;
    }
  };
  const timer = setInterval(() => {
    checkMemory();
    ticks += 1;
    if (ticks % DISK_EVERY_TICKS === 0) void checkDisk();
  }, TICK_MS);
  timer.unref();

  return {
    exceeded: () => {
      checkMemory();
      return reason;
    },
    stop: () => clearInterval(timer),
  };
}

/** The process and its descendants, from every process's parent in /proc. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readText(`/proc/${entry}/stat`);
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last one.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!Number.isFinite(ppid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree = [rootPid];
  for (let at = 0; at < tree.length; at += 1) tree.push(...(children.get(tree[at]!) ?? []));

  return tree;
}

/**
 * Anonymous plus shared-memory RSS of the tree (/proc/<pid>/status, readable whatever the
 * process's dumpable flag). File-backed pages are left out: Chromium's 300 MB binary is mapped by
 * every process and would count once per process.
 */
export function treeMemoryBytes(rootPid: number): number {
  let kb = 0;
  for (const pid of processTree(rootPid)) {
    const status = readText(`/proc/${pid}/status`);
    for (const field of ["RssAnon", "RssShmem"]) kb += Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  }

  return kb * 1024;
}

function killTree(rootPid: number): void {
  for (const pid of processTree(rootPid)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

/** Bytes the folders take on disk (allocated blocks), walked without following links. */
export async function diskBytes(dirs: readonly string[]): Promise<number> {
  let bytes = 0;
  let entries = 0;
  const pending = [...dirs];
  while (pending.length > 0 && entries < MAX_DISK_ENTRIES) {
    const dir = pending.pop()!;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      entries += 1;
      const file = path.join(dir, name);
      const stats = await lstat(file).catch(() => null);
      if (!stats) continue;
      bytes += stats.blocks * 512;
      if (stats.isDirectory()) pending.push(file);
    }
  }

  return bytes;
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
