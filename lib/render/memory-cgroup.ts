import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A memory cgroup of its own for one browser: the kernel then caps the whole process tree (every
 * renderer, the GPU and storage processes, the shared memory they map), which no per-process limit
 * can (RLIMIT_AS is useless with Chromium's virtual reservations of many GB).
 *
 * cgroup v2 (`memory.max`, and `memory.oom.group` so an out-of-memory ends the whole browser) where
 * the server's cgroup, or its parent, hands the memory controller to its children (systemd
 * `Delegate=memory`, a Docker container with its own cgroup namespace); else cgroup v1
 * (`memory.limit_in_bytes`) where the server may create a group under its own (root usually can);
 * else null, and the caller watches the tree's RSS instead (memory-watchdog.ts).
 */
export type MemoryCgroup = {
  kind: "cgroup-v2" | "cgroup-v1";
  dir: string;
  /** Processes of the group the kernel ended for passing the limit, so far. */
  oomKills(): number;
  /** Sends SIGKILL to every process left in the group. */
  killAll(): void;
  /** Kills what is left and removes the group. */
  remove(): Promise<void>;
};

type Mount = { root: string; point: string; version: 1 | 2 };

const GROUP_PREFIX = "storelens-render-";
/** How long remove() waits for killed processes to leave the group. */
const REMOVE_WAIT_MS = 3_000;

export function createMemoryCgroup(limitBytes: number): MemoryCgroup | null {
  const mounts = cgroupMounts();
  for (const mount of mounts.filter((m) => m.version === 2)) {
    const own = ownCgroupDir(mount);
    if (!own) continue;
    // The server's own group usually holds processes (ours), so it cannot hand controllers down
    // itself (cgroup v2's "no internal processes"); with systemd's DelegateSubgroup= its parent can.
    for (const parent of [own, path.dirname(own)]) {
      const group = tryCreate(parent, (dir) => {
        if (!readText(path.join(dir, "cgroup.controllers")).split(/\s+/).includes("memory")) return false;
        writeFileSync(path.join(dir, "memory.max"), String(limitBytes));
        tryWrite(path.join(dir, "memory.swap.max"), "0");
        tryWrite(path.join(dir, "memory.oom.group"), "1");
        return true;
      });
      if (group) return v2Group(group);
    }
  }
  for (const mount of mounts.filter((m) => m.version === 1)) {
    const own = ownCgroupDir(mount);
    const group =
      own &&
      tryCreate(own, (dir) => {
        writeFileSync(path.join(dir, "memory.limit_in_bytes"), String(limitBytes));
        // With swap accounting on, RAM plus swap too: a page must not swap its way past the cap.
        tryWrite(path.join(dir, "memory.memsw.limit_in_bytes"), String(limitBytes));
        return true;
      });
    if (group) return v1Group(group);
  }

  return null;
}

function v2Group(dir: string): MemoryCgroup {
  return {
    kind: "cgroup-v2",
    dir,
    oomKills: () => countField(readText(path.join(dir, "memory.events")), "oom_kill"),
    killAll: () => {
      if (!tryWrite(path.join(dir, "cgroup.kill"), "1")) killPids(dir);
    },
    remove: () => removeGroup(dir),
  };
}

function v1Group(dir: string): MemoryCgroup {
  return {
    kind: "cgroup-v1",
    dir,
    oomKills: () => {
      const control = readText(path.join(dir, "memory.oom_control"));
      // Kernels before 4.13 do not count kills: then whether the group is out of memory right now.
      return /^oom_kill /m.test(control) ? countField(control, "oom_kill") : countField(control, "under_oom");
    },
    killAll: () => killPids(dir),
    remove: () => removeGroup(dir),
  };
}

/** The cgroup file systems of this process's mount namespace: v2, and v1's memory controller. */
function cgroupMounts(): Mount[] {
  return readText("/proc/self/mountinfo")
    .split("\n")
    .flatMap((line): Mount[] => {
      const [before, after] = line.split(" - ");
      if (!before || !after) return [];
      const fields = before.split(" ");
      const [fsType, , superOptions = ""] = after.split(" ");
      const root = fields[3] ?? "/";
      const point = fields[4] ?? "";
      if (fsType === "cgroup2") return [{ root, point, version: 2 }];
      if (fsType === "cgroup" && superOptions.split(",").includes("memory")) return [{ root, point, version: 1 }];

      return [];
    });
}

/** Where this process's own group of that hierarchy is, as a directory (null when it is not visible here). */
function ownCgroupDir(mount: Mount): string | null {
  const line = readText("/proc/self/cgroup")
    .split("\n")
    .find((entry) => {
      const [, controllers] = entry.split(":");
      return mount.version === 2 ? entry.startsWith("0::") : (controllers ?? "").split(",").includes("memory");
    });
  let own = line?.slice(line.indexOf(":", line.indexOf(":") + 1) + 1);
  if (own === undefined) return null;
  // Without a cgroup namespace a container sees the host's path; its mount starts deeper.
  if (mount.root !== "/" && own.startsWith(mount.root)) own = own.slice(mount.root.length) || "/";
  // Paths under /sys/fs/cgroup only: the ignore comments keep the build from tracing the whole project for them.
  const dir = path.join(/*turbopackIgnore: true*/ mount.point, own);

  return existsSync(/*turbopackIgnore: true*/ dir) ? dir : null;
}

function tryCreate(parent: string, configure: (dir: string) => boolean): string | null {
  const dir = path.join(parent, GROUP_PREFIX + randomBytes(6).toString("hex"));
  try {
    mkdirSync(dir);
  } catch {
    return null;
  }
  try {
    if (configure(dir)) return dir;
  } catch {
    // A group we may create but not limit is no cap.
  }
  tryRemove(dir);

  return null;
}

function killPids(dir: string): void {
  for (const pid of readText(path.join(dir, "cgroup.procs")).split("\n").filter(Boolean)) {
    try {
      process.kill(Number(pid), "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

async function removeGroup(dir: string): Promise<void> {
  const deadline = Date.now() + REMOVE_WAIT_MS;
  while (existsSync(dir)) {
    killPids(dir);
    if (tryRemove(dir) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function tryRemove(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

function tryWrite(file: string, value: string): boolean {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function countField(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\d+)$`, "m").exec(text);

  return match ? Number(match[1]) : 0;
}
