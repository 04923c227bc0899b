import { MemoryFS } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** Emscripten's errno for "No space left on device". */
const ENOSPC = 51;

type EmscriptenFs = {
  write: (stream: { path?: string }, ...rest: unknown[]) => number;
  ErrnoError: new (errno: number) => Error;
};

export type FillingDisk = (MemoryFS | NodeFS) & {
  /** From now on the disk is full. */
  fill(): void;
};

/**
 * A PGlite file system that runs out of space on demand: in memory, or on `dataDir` (a real
 * directory, for a restart on the same data). After `fill()`, every write to the write-ahead
 * log fails with ENOSPC, as on a full disk, and the real engine does what it does on one:
 * `PANIC: could not write to file "pg_wal/…": No space left on device`.
 */
export function fillingDisk(dataDir?: string): FillingDisk {
  const fs = dataDir ? new NodeFS(dataDir) : new MemoryFS();
  let full = false;
  const initialSyncFs = fs.initialSyncFs.bind(fs);

  return Object.assign(fs, {
    fill: () => {
      full = true;
    },
    async initialSyncFs() {
      await initialSyncFs();
      const emscripten = (fs as unknown as { pg: { Module: { FS: EmscriptenFs } } }).pg.Module.FS;
      const write = emscripten.write.bind(emscripten);
      emscripten.write = (stream, ...rest) => {
        if (full && stream.path?.includes("/pg_wal/")) throw new emscripten.ErrnoError(ENOSPC);

        return write(stream, ...rest);
      };
    },
  });
}
