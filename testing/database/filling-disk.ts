import { MemoryFS } from "@electric-sql/pglite";

/** Emscripten's errno for "No space left on device". */
const ENOSPC = 51;

type EmscriptenFs = {
  write: (stream: { path?: string }, ...rest: unknown[]) => number;
  ErrnoError: new (errno: number) => Error;
};

/**
 * An in-memory file system for PGlite that runs out of space on demand: after `fill()`, every
 * write to the write-ahead log fails with ENOSPC, as on a full disk. The real engine then does
 * what it does on one: `PANIC: could not write to file "pg_wal/…": No space left on device`.
 */
export class FillingDisk extends MemoryFS {
  private full = false;

  fill(): void {
    this.full = true;
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs();
    const fs = (this.pg as unknown as { Module: { FS: EmscriptenFs } }).Module.FS;
    const write = fs.write.bind(fs);
    fs.write = (stream, ...rest) => {
      if (this.full && stream.path?.includes("/pg_wal/")) throw new fs.ErrnoError(ENOSPC);

      return write(stream, ...rest);
    };
  }
}
