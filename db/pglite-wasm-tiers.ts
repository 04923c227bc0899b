import { setFlagsFromString } from "node:v8";

/**
 * Runs PGlite's WebAssembly on V8's baseline compiler only (Liftoff), without tiering hot
 * functions up to the optimising one. The optimising compiles of PostgreSQL's functions left
 * about 70 MB of the C heap resident for good (glibc keeps the compile threads' freed memory),
 * close to a third of an idle embedded server (bench:idle-memory); on a statement mix of
 * inserts, lookups and a grouped jsonb scan the baseline code was as fast on the 2-core machine,
 * where the optimising compiles compete with the queries for the cores.
 * Must run before the module is compiled (the first `new PGlite`); a process started with its
 * own `--liftoff-only` or `--no-liftoff-only` keeps it.
 */
export function compileWasmWithBaselineOnly(): void {
  if (process.execArgv.some((arg) => /^--(no-)?liftoff-only\b/.test(arg))) return;
  setFlagsFromString("--liftoff-only");
}
