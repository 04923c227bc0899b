import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

/** Thrown when another live process holds the embedded database. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by process ${pid} (a running StoreLens server or ` +
        `\`npm run db:migrate\`). Two processes on one PGlite directory corrupt it: stop that process first, ` +
        `or set DATABASE_URL to share a PostgreSQL server. If no such process exists, delete ${lockFile}.`,
    );
    this.name = "DatabaseInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);

    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, "utf8").trim(), 10);

    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock file of a PGlite data directory for this process, or throws
 * DatabaseInUseError naming the live process that holds it. A lock left by a dead process
 * (kill -9, power loss) is taken over. Returns the release function.
 */
export function lockPgliteDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      const release = () => {
        process.off("exit", release);
        if (readHolder(lockFile) === process.pid) unlinkSync(lockFile);
      };
      process.on("exit", release);

      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(lockFile);
    if (holder === process.pid) return () => {};
    if (holder !== null && isAlive(holder)) throw new DatabaseInUseError(dir, holder, lockFile);
    try {
      unlinkSync(lockFile); // stale: its process is gone
    } catch {
      // another process removed it first; try again
    }
  }

  throw new Error(`could not take the lock ${lockFile}`);
}
