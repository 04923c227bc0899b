import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";

/** The logger shape of the Inngest SDK (and of console): the executor logs through the same. */
export type Logger = {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
};

/**
 * The app's logger with a prefix; debug lines only when DEBUG_WORKFLOW is set. Step errors
 * (drizzle errors with their bound values, fetch errors with URLs) are logged whole here, so
 * they go through lib/log's scrubbing like every other line.
 */
export function consoleLogger(prefix = "[workflow]"): Logger {
  const debug = getEnv().DEBUG_WORKFLOW;
  const line = (args: unknown[]) => {
    const words = args.filter((arg) => typeof arg === "string");
    const details = args.filter((arg) => typeof arg !== "string");

    return [[prefix, ...words].join(" "), details.length ? { details } : undefined] as const;
  };

  return {
    info: (...args) => logger.info(...line(args)),
    warn: (...args) => logger.warn(...line(args)),
    error: (...args) => logger.error(...line(args)),
    debug: (...args) => {
      if (debug) logger.info(...line(args));
    },
  };
}

/**
 * Drops everything (unless DEBUG_WORKFLOW is set). For tests: the SDK logs
 * "Inngest step error" plus a stack trace for every retried attempt, which buries
 * real failures in the test output.
 */
export function quietLogger(): Logger {
  if (getEnv().DEBUG_WORKFLOW) return consoleLogger("[quiet]");
  const drop = () => {};

  return { info: drop, warn: drop, error: drop, debug: drop };
}
