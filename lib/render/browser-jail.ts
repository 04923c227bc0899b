import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { processSlot } from "@/lib/process-slot";
import { createMemoryCgroup } from "./memory-cgroup";

const run = promisify(execFile);

/** What holds the render's browser on this machine, found once per process. */
export type Containment = {
  /** "own": a network namespace of its own, with only a loopback that is down; "machine's": the server's. */
  network: "own" | "machine's";
  /** The user it runs as, e.g. "nobody (65534)". */
  user: string;
  uid: number;
  /** Chromium's own sandbox (namespaces and seccomp for every renderer) is on. */
  sandbox: boolean;
  /** What caps its process tree's memory: a cgroup of its own, else our RSS watchdog (memory-watchdog.ts). */
  memory: "cgroup-v2" | "cgroup-v1" | "watchdog";
  /** What it could not get here, and why: empty when fully contained. */
  missing: string[];
};

export type Jail = {
  /** What Playwright starts in Chromium's place: the launcher below, which then becomes Chromium. */
  executablePath: string;
  /** The launcher's settings, added to the browser's environment (it removes them before Chromium starts). */
  env: Record<string, string>;
  /** Who must own the browser's home folder. */
  owner: { uid: number; gid: number } | null;
  /** Whether the browser joins the memory cgroup it was given (only the launcher can put it there). */
  joinsCgroup: boolean;
  containment: Containment;
};

type Plan = {
  /** False where it cannot run (a temporary folder mounted noexec): Chromium is then started as it is. */
  launcherRuns: boolean;
  net: "" | "root" | "user";
  owner: { uid: number; gid: number } | null;
  containment: Containment;
};

/**
 * The launcher: a POSIX shell script Playwright spawns with Chromium's arguments (its pipe on fds
 * 3 and 4 passes through every exec). It joins the memory cgroup, hands the profile Playwright
 * made to the browser's user, then becomes `unshare --net` (as root) or `unshare --user
 * --map-current-user --net` (otherwise: a user namespace is what lets an ordinary user have a
 * network namespace), then `setpriv` to the browser's user with no way back to privileges, then
 * Chromium. Each step execs, so the process Playwright holds (and kills) is Chromium itself.
 */
const LAUNCHER = `#!/bin/sh
set -e
if [ -n "$STORELENS_JAIL_CGROUP" ]; then echo $$ > "$STORELENS_JAIL_CGROUP/cgroup.procs"; fi
browser=$STORELENS_JAIL_BROWSER
net=$STORELENS_JAIL_NET
uid=$STORELENS_JAIL_UID
gid=$STORELENS_JAIL_GID
unset STORELENS_JAIL_CGROUP STORELENS_JAIL_BROWSER STORELENS_JAIL_NET STORELENS_JAIL_UID STORELENS_JAIL_GID
if [ -n "$uid" ]; then
  for arg; do case $arg in --user-data-dir=*) chown -R "$uid:$gid" "\${arg#--user-data-dir=}" ;; esac; done
  set -- setpriv --reuid="$uid" --regid="$gid" --clear-groups --no-new-privs -- "$browser" "$@"
else
  set -- "$browser" "$@"
fi
case $net in
  root) set -- unshare --net -- "$@" ;;
  user) set -- unshare --user --map-current-user --net -- "$@" ;;
esac
exec "$@"
`;

/** The launcher's PATH (and the probes'): where unshare and setpriv are on Debian and most others. */
export const JAIL_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const PROBE_TIMEOUT_MS = 10_000;
const MB = 1024 * 1024;

const plans = processSlot<Promise<Plan>>("render-jail-plan");

/**
 * How to start the browser for one render, as contained as this machine allows, with the memory
 * cgroup it joins (null: none). Probed once per process, and logged once: one line saying what
 * the browser got, a warning naming what it did not.
 */
export async function prepareJail(browserPath: string, cgroupDir: string | null, folder: string): Promise<Jail> {
  const plan = await plans.getOrCreate(() => planJail());
  if (!plan.launcherRuns) return { executablePath: browserPath, env: {}, owner: null, joinsCgroup: false, containment: plan.containment };
  const env: Record<string, string> = {
    STORELENS_JAIL_BROWSER: browserPath,
    STORELENS_JAIL_NET: plan.net,
    STORELENS_JAIL_UID: plan.owner ? String(plan.owner.uid) : "",
    STORELENS_JAIL_GID: plan.owner ? String(plan.owner.gid) : "",
    STORELENS_JAIL_CGROUP: cgroupDir ?? "",
  };

  const launcher = await writeLauncher(folder);

  return { executablePath: launcher, env, owner: plan.owner, joinsCgroup: true, containment: plan.containment };
}

/**
 * The launcher, in a folder of the render's that only the server's user may write (it runs with
 * our privileges; the browser's user may only pass through to its home beside it).
 */
async function writeLauncher(folder: string): Promise<string> {
  const launcher = path.join(folder, "launch-browser.sh");
  await writeFile(launcher, LAUNCHER, { mode: 0o700 });

  return launcher;
}

/** Probes from a folder of its own, in the temporary folder the renders' folders will be in. */
async function planJail(): Promise<Plan> {
  const folder = await mkdtemp(path.join(tmpdir(), "storelens-jail-"));
  try {
    return await probeJail(await writeLauncher(folder), folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function probeJail(launcher: string, folder: string): Promise<Plan> {
  const asRoot = process.getuid?.() === 0;
  const ownUid = process.getuid?.() ?? -1;
  const missing: string[] = [];
  const probe = (settings: { net: Plan["net"]; owner: Plan["owner"] }, command: string[]) =>
    run(launcher, command.slice(1), {
      timeout: PROBE_TIMEOUT_MS,
      env: bareEnv({
        PATH: JAIL_PATH,
        STORELENS_JAIL_BROWSER: command[0]!,
        STORELENS_JAIL_NET: settings.net,
        STORELENS_JAIL_UID: settings.owner ? String(settings.owner.uid) : "",
        STORELENS_JAIL_GID: settings.owner ? String(settings.owner.gid) : "",
      }),
    }).then(
      () => null,
      (error: unknown) => briefFailure(error),
    );

  const launcherFailure = await probe({ net: "", owner: null }, ["/bin/true"]);
  if (launcherFailure) return unjailed(asRoot, ownUid, `the launcher cannot run from ${path.dirname(folder)}: ${launcherFailure}`);

  const netMode = asRoot ? "root" : "user";
  const netFailure = await probe({ net: netMode, owner: null }, ["/bin/true"]);
  if (netFailure) missing.push(`no network namespace (unshare --${asRoot ? "net" : "user --net"}: ${netFailure})`);
  const net = netFailure ? "" : netMode;

  let owner: Plan["owner"] = null;
  const wanted = getEnv().RENDER_USER;
  if (asRoot) {
    const user = await resolveUser(wanted ?? "nobody");
    if ("failure" in user) missing.push(`runs as root: ${user.failure}`);
    else if (user.uid === 0) missing.push("runs as root: RENDER_USER names root");
    else {
      const dropFailure = await probe({ net: "", owner: user }, ["/bin/sh", "-c", `test "$(id -u)" = ${user.uid}`]);
      if (dropFailure) missing.push(`runs as root: cannot switch to uid ${user.uid} (setpriv: ${dropFailure})`);
      else owner = user;
    }
  } else if (wanted) {
    logger.warn("RENDER_USER is ignored: only a server running as root can start the browser as another user", { RENDER_USER: wanted });
  }
  const uid = owner?.uid ?? ownUid;

  // Chromium's sandbox puts each renderer in namespaces of its own; it needs a non-root user that
  // may create a user namespace (Docker's default seccomp profile and some AppArmor setups forbid it).
  let sandbox = false;
  if (uid === 0) missing.push("no Chromium sandbox (it refuses to run as root)");
  else {
    const sandboxFailure = await probe({ net, owner }, ["unshare", "--user", "--pid", "--net", "--fork", "/bin/true"]);
    if (sandboxFailure) missing.push(`no Chromium sandbox (no user namespaces for uid ${uid}: ${sandboxFailure})`);
    sandbox = !sandboxFailure;
  }

  // Only asked to say which: each launch makes (or fails to make) its own group.
  const cgroup = createMemoryCgroup(MB);
  await cgroup?.remove();

  const containment: Containment = {
    network: net ? "own" : "machine's",
    user: owner ? `${wanted ?? "nobody"} (${owner.uid})` : `${asRoot ? "root" : "the server's user"} (${ownUid})`,
    uid,
    sandbox,
    memory: cgroup?.kind ?? "watchdog",
    missing,
  };
  logContainment(containment);

  return { launcherRuns: true, net, owner, containment };
}

/** Chromium started as it is: the server's user and network; its own sandbox where that user is not root. */
async function unjailed(asRoot: boolean, ownUid: number, why: string): Promise<Plan> {
  const sandboxFailure = asRoot
    ? "it refuses to run as root"
    : await run("unshare", ["--user", "--pid", "--net", "--fork", "/bin/true"], {
        timeout: PROBE_TIMEOUT_MS,
        env: bareEnv({ PATH: JAIL_PATH }),
      }).then(
        () => null,
        (error: unknown) => briefFailure(error),
      );
  const containment: Containment = {
    network: "machine's",
    user: `${asRoot ? "root" : "the server's user"} (${ownUid})`,
    uid: ownUid,
    sandbox: !sandboxFailure,
    memory: "watchdog",
    missing: [why, ...(sandboxFailure ? [`no Chromium sandbox (${sandboxFailure})`] : [])],
  };
  logContainment(containment);

  return { launcherRuns: false, net: "", owner: null, containment };
}

function logContainment(containment: Containment): void {
  const { network, user, sandbox, memory, missing } = containment;
  const fields = { network, user, sandbox, memory, missing };
  if (missing.length === 0) logger.info("render browser contained", fields);
  else
    logger.warn(
      "render browser NOT fully contained: a page's scripts run with less isolation (docs/operations.md › A browser for the render)",
      {
        ...fields,
        refuses: getEnv().RENDER_REQUIRE_CONTAINMENT,
      },
    );
}

/** A user name or uid (with an optional :gid) to the ids to run as. */
async function resolveUser(spec: string): Promise<{ uid: number; gid: number } | { failure: string }> {
  const numeric = /^(\d+)(?::(\d+))?$/.exec(spec);
  if (numeric) return { uid: Number(numeric[1]), gid: Number(numeric[2] ?? numeric[1]) };
  try {
    const [uid, gid] = await Promise.all(
      ["-u", "-g"].map((flag) =>
        run("id", [flag, spec], { timeout: PROBE_TIMEOUT_MS, env: bareEnv({ PATH: JAIL_PATH }), encoding: "utf8" }),
      ),
    );

    return { uid: Number(uid!.stdout.trim()), gid: Number(gid!.stdout.trim()) };
  } catch {
    return { failure: `no user ${spec} on this machine (RENDER_USER)` };
  }
}

/** An environment of only these variables (none of the server's). */
function bareEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return vars as NodeJS.ProcessEnv;
}

function briefFailure(error: unknown): string {
  const failure = error as { stderr?: string; message?: string };

  return (failure.stderr?.trim() || failure.message || String(error)).split("\n")[0]!.slice(0, 200);
}
