import { isDriverTypeFetchFailure } from "@/db/driver-defects";
import { briefError, logger } from "@/lib/log";

/**
 * A database outage must not end the server: the one unhandled rejection the PostgreSQL driver
 * is known to leave (db/driver-defects.ts) is logged; any other still ends the process, as Node
 * does by default, for a supervisor to restart it.
 */
export function surviveDriverDefects(): void {
  process.on("unhandledRejection", (reason) => {
    if (isDriverTypeFetchFailure(reason)) {
      logger.warn("a database connection failed while it started; the request using it was answered", { error: briefError(reason) });
      return;
    }
    throw reason;
  });
}
