import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `fn` (one call of a workflow function) with `signal` as the signal of the steps it
 * runs. The embedded executor aborts it when the worker loses the call's lease: another
 * worker now owns the step, so this one must stop sending requests on its behalf.
 */
export function runWithStepSignal<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return storage.run(signal, fn);
}

/** The abort signal of the step running in this async context, if any. */
export function currentStepSignal(): AbortSignal | undefined {
  return storage.getStore();
}
