import { currentTime } from "@/lib/time-of-record";
import { processSlot } from "@/lib/process-slot";
import { readFile, statfs } from "node:fs/promises";
import path from "node:path";
import { getEnv, type Env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";

export type StorageReading = {
  /** Below STORAGE_MIN_FREE_MB: no new jobs, no new workflow steps. */
  low: boolean;
  /** Null when nothing is watched (PostgreSQL's disk is its own server's). */
  freeBytes: number | null;
  minFreeBytes: number;
  /** Since when this process has seen space low (null while it is not): how long work has waited. */
  lowSince: Date | null;
};

/** Seconds a refused caller is told to wait: space comes back by an operator's hand, not by itself. */
export const STORAGE_RETRY_AFTER_SECONDS = 300;

/** Since when readings have been low, once per process: the change is logged once, by whoever sees it. */
const lowSinceSlot = processSlot<Date | null>("storage-low-since");

/**
 * Free bytes where the embedded database writes. PGlite panics when a write fails for lack of
 * space and its engine is gone until the process restarts; refusing new work well before that
 * keeps the server answering and the data safe. STORAGE_FREE_BYTES_FILE (tests only) replaces
 * the file system's answer with the number in that file.
 */
async function readFreeBytes(env: Env): Promise<number | null> {
  if (env.STORAGE_FREE_BYTES_FILE) return Number((await readFile(env.STORAGE_FREE_BYTES_FILE, "utf8")).trim());
  if (env.DATABASE_URL || env.PGLITE_DIR === "memory://" || env.PGLITE_DIR === "") return null;
  const stats = await statfs(path.resolve(env.PGLITE_DIR));

  return stats.bavail * stats.bsize;
}

/** The current reading; logs once when space runs low and once when it is back. */
export async function readStorage(env: Env = getEnv()): Promise<StorageReading> {
  const minFreeBytes = env.STORAGE_MIN_FREE_MB * 1024 * 1024;
  // A reading that fails (a directory not created yet) is no reason to stop work.
  const freeBytes = minFreeBytes > 0 ? await readFreeBytes(env).catch(() => null) : null;
  const low = freeBytes !== null && freeBytes < minFreeBytes;
  if (low !== Boolean(lowSinceSlot.get())) {
    lowSinceSlot.set(low ? currentTime() : null);
    const fields = { freeMb: Math.floor((freeBytes ?? 0) / 1024 / 1024), minFreeMb: env.STORAGE_MIN_FREE_MB };
    if (low) logger.warn("storage low: new jobs are refused and workflow steps wait until space is freed", fields);
    else logger.info("storage back above the minimum: new jobs and workflow steps resume", fields);
  }

  return { low, freeBytes, minFreeBytes, lowSince: lowSinceSlot.get() ?? null };
}

/** A job-creating request under low storage: 503 `storage_low`, and when to try again. */
export async function assertStorageAvailable(): Promise<void> {
  if (!(await readStorage()).low) return;
  throw new ApiError("storage_low", "The server is low on storage space and accepts no new jobs for now", {
    headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) },
  });
}
