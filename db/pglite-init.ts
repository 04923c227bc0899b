import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGLITE_MEMORY_SETTINGS } from "./index";
import { lockPgliteDirectory } from "./pglite-lock";

// Plain JavaScript for a bare `node`: only the PGlite package, none of our TypeScript.
const INITDB_SCRIPT = `
const { PGlite } = await import("@electric-sql/pglite");
const [dir, settings] = process.argv.slice(1);
const pg = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...JSON.parse(settings)] });
await pg.waitReady;
await pg.close();
`;

/**
 * Creates a new PGlite data directory (initdb) in a short-lived child process. Done in the
 * server's own process, initdb leaves about 130 MB resident for good: PGlite runs it in a
 * second WebAssembly instance, and the memory that instance grew is not handed back to the OS.
 * No-op for a directory that already holds a database.
 */
export async function initializePgliteDirectory(dir: string): Promise<void> {
  if (dir === "memory://" || dir === "") return;
  const resolved = path.resolve(dir);
  if (existsSync(path.join(resolved, "PG_VERSION"))) return;
  mkdirSync(resolved, { recursive: true });
  const unlock = lockPgliteDirectory(resolved);
  try {
    const child = spawn(process.execPath, ["--input-type=module", "-e", INITDB_SCRIPT, resolved, JSON.stringify(PGLITE_MEMORY_SETTINGS)], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    });
    if (code !== 0) throw new Error(`PGlite initdb in ${resolved} failed (exit ${code}): ${stderr.trim()}`);
  } finally {
    unlock();
  }
}
