/**
 * Errors the embedded database cannot continue from. After a PANIC (a WAL write that failed for
 * lack of space) or a FATAL, PGlite's engine is gone: its next statement spins forever on this
 * thread, so the process keeps its port and answers nothing. The process must end instead; a
 * supervisor starts a new one, and PGlite recovers from its WAL on that start.
 */
export function isFatalDatabaseError(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true;
  const severity = (error as { severity?: unknown } | null)?.severity;

  return severity === "PANIC" || severity === "FATAL";
}

/** Thrown for every statement after a fatal error, instead of handing it to a dead engine. */
export class DatabaseStoppedError extends Error {
  constructor(readonly reason: unknown) {
    super("The embedded database stopped after a fatal error; the process must be restarted", { cause: reason });
    this.name = "DatabaseStoppedError";
  }
}

type FatalHandler = (error: unknown) => void;
const HANDLER_KEY = Symbol.for("storelens.db.fatal-handler");
type GlobalWithHandler = typeof globalThis & { [HANDLER_KEY]?: FatalHandler };

/**
 * What the process does on a fatal database error (the server logs it and exits). Kept on
 * globalThis: the server and Next's bundled routes are separate module graphs sharing one handle.
 */
export function onFatalDatabaseError(handler: FatalHandler): void {
  (globalThis as GlobalWithHandler)[HANDLER_KEY] = handler;
}

export function reportFatalDatabaseError(error: unknown): void {
  (globalThis as GlobalWithHandler)[HANDLER_KEY]?.(error);
}
