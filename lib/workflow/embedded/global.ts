import type { EmbeddedExecutor } from "./executor";

/**
 * The process's embedded executor lives on globalThis: the custom server and Next's
 * bundled route modules are separate module graphs in one process, so a module-level
 * variable would exist twice and the route's `inngest.send` would not find the executor.
 */
const KEY = Symbol.for("storelens.engine");
type GlobalWithEngine = typeof globalThis & { [KEY]?: EmbeddedExecutor };

export function getGlobalExecutor(): EmbeddedExecutor | undefined {
  return (globalThis as GlobalWithEngine)[KEY];
}

export function setGlobalExecutor(executor: EmbeddedExecutor | undefined): void {
  (globalThis as GlobalWithEngine)[KEY] = executor;
}
