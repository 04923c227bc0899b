/** The logger shape of the Inngest SDK (and of console): the executor logs through the same. */
export type Logger = {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
};

/** Console with a prefix; debug lines only when DEBUG_WORKFLOW is set. */
export function consoleLogger(prefix = "[workflow]"): Logger {
  const debug = Boolean(process.env.DEBUG_WORKFLOW);

  return {
    info: (...args) => console.info(prefix, ...args),
    warn: (...args) => console.warn(prefix, ...args),
    error: (...args) => console.error(prefix, ...args),
    debug: (...args) => {
      if (debug) console.debug(prefix, ...args);
    },
  };
}

/**
 * Drops everything (unless DEBUG_WORKFLOW is set). For tests: the SDK logs
 * "Inngest step error" plus a stack trace for every retried attempt, which buries
 * real failures in the test output.
 */
export function quietLogger(): Logger {
  if (process.env.DEBUG_WORKFLOW) return consoleLogger("[quiet]");
  const drop = () => {};

  return { info: drop, warn: drop, error: drop, debug: drop };
}
