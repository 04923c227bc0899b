import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./index";

// Two processes on one PGlite directory corrupt it; the second must be refused with a message
// that says what to do, and a lock left behind by a killed process must not lock anyone out.

const dir = mkdtempSync(path.join(tmpdir(), "storelens-lock-"));
const dataDir = path.join(dir, "pglite");
const lockFile = `${dataDir}.lock`;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another live process (stands in for a running server that holds the lock). */
function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });

  return { pid: child.pid!, stop: () => new Promise((resolve) => child.once("exit", resolve).kill("SIGKILL")) };
}

describe("PGlite data directory lock", () => {
  it("refuses to open a directory another live process holds, naming it and the way out", async () => {
    const other = otherProcess();
    writeFileSync(lockFile, `${other.pid}\n`);
    try {
      expect(() => openPglite(dataDir)).toThrow(new RegExp(`in use by process ${other.pid}.*DATABASE_URL`, "s"));
    } finally {
      await other.stop();
    }
  });

  it("takes over the lock of a process that was killed, and releases it on close", async () => {
    const dead = otherProcess();
    await dead.stop();
    writeFileSync(lockFile, `${dead.pid}\n`);

    const handle = openPglite(dataDir);
    await handle.db.execute("select 1");
    expect(existsSync(lockFile)).toBe(true);
    await handle.close();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("really refuses a second process on the same directory", async () => {
    const holder = openPglite(dataDir);
    const script = `import("${path.resolve("db/index.ts")}").then((m) => { try { m.openPglite(${JSON.stringify(dataDir)}); console.log("opened"); } catch (e) { console.log(e.name); } process.exit(0); })`;
    const child = spawn(process.execPath, ["--import", "tsx", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    await new Promise((resolve) => child.once("exit", resolve));
    await holder.close();

    expect(out.trim()).toBe("DatabaseInUseError");
  });
});
