import { isDriverTypeFetchFailure } from "@/db/driver-defects";
import { briefError, logger } from "@/lib/log";
import { EXIT_CODES } from "./exit-on-fatal-database-error";

/**
 * Next's production server registers an unhandledRejection listener that prints the reason raw
 * (unscrubbed: a Bearer token in it goes to the log as it is) and an uncaughtException listener
 * that does the same, and with a listener present Node no longer ends the process: a fault no
 * code handled would leave the server answering in an unknown state. Next looks its rejection
 * listener up under this global before registering it and registers nothing when that one is
 * already listening (node_modules/next/dist/server/node-environment-extensions/process-error-handlers.js).
 */
const NEXT_REJECTION_LISTENER = Symbol.for("next.unhandledRejectionListener");

/**
 * An unhandled rejection or uncaught exception ends the process: one line through the
 * scrubbing logger, then exit 4 at once, for a supervisor to restart it. The one rejection the
 * PostgreSQL driver is known to leave when a connection dies as it starts (db/driver-defects.ts)
 * is logged and survived: a database outage must not end the server. Rejections of work Next
 * itself abandoned (an aborted prerender) are dropped by Next's filter before they reach us.
 */
export function exitOnUnhandledErrors(): void {
  const onRejection = (reason: unknown) => {
    if (isDriverTypeFetchFailure(reason)) {
      logger.warn("a database connection failed while it started; the request using it was answered", { error: briefError(reason) });
      return;
    }
    exitUnhandled("unhandled rejection", reason);
  };
  // Ours stands in for Next's raw one; first in line, so it decides before any other listener.
  (globalThis as Record<symbol, unknown>)[NEXT_REJECTION_LISTENER] = onRejection;
  process.prependListener("unhandledRejection", onRejection);
  process.prependListener("uncaughtException", (error) => exitUnhandled("uncaught exception", error));
}

function exitUnhandled(what: string, error: unknown): never {
  try {
    logger.error(`${what}; exiting so that a supervisor restarts the process`, { error, exitCode: EXIT_CODES.unhandledError });
  } catch {
    // An error that cannot even be logged still ends the process.
  }
  process.exit(EXIT_CODES.unhandledError);
}
