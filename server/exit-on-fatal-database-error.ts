import { onFatalDatabaseError } from "@/db/fatal";
import { logger } from "@/lib/log";

/** Exit codes of the server process (docs/operations.md › Running in production). */
export const EXIT_CODES = {
  /** Stopped by SIGINT/SIGTERM. */
  stopped: 0,
  /** Could not start: bad settings, the embedded database in use by another process, a failed migration. */
  startFailed: 1,
  /** The database failed in a way this process cannot continue from (PGlite panicked: a full disk). */
  databaseFatal: 3,
  /** An error no code handled (an unhandled rejection, an uncaught exception): the process state is unknown. */
  unhandledError: 4,
} as const;

/**
 * A fatal database error ends the process: one line in the log, then exit 3 at once. A process
 * left running on a dead embedded engine keeps its port and answers nothing, which no load
 * balancer can tell from a slow one; a supervisor restarts one that exits, and PGlite recovers
 * from its write-ahead log on that start.
 */
export function exitOnFatalDatabaseError(): void {
  onFatalDatabaseError((error) => {
    logger.error("database failed fatally; exiting so that a supervisor restarts the process", {
      severity: (error as { severity?: unknown }).severity,
      error,
      exitCode: EXIT_CODES.databaseFatal,
    });
    process.exit(EXIT_CODES.databaseFatal);
  });
}
