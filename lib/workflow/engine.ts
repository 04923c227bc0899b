import type { InngestFunction } from "inngest";
import { serve } from "inngest/next";
import { getEngineKind, getEnv } from "@/lib/env";
import { inngest } from "./client";
import {
  createEmbeddedExecutor,
  findGlobalExecutor,
  setGlobalExecutor,
  type EmbeddedExecutor,
  type EmbeddedExecutorOptions,
  type EventInput,
  type ServeHandler,
} from "./embedded";
import { readStorage } from "@/lib/health/storage-space";
import { consoleLogger } from "./embedded/logger";

export type WorkflowEngine = {
  kind: "embedded" | "inngest";
  /** The embedded executor (also when WORKER_ENABLED=false: it then only ingests events). */
  executor?: EmbeddedExecutor;
  /** Graceful: call requests in flight finish and are saved. */
  stop(): Promise<void>;
};

export type StartWorkflowEngineOptions = {
  functions: InngestFunction.Any[];
  /** Where /api/inngest is served; defaults to `${BASE_URL}/api/inngest`. */
  serveUrl?: string;
  /**
   * Called on every tick the worker is paused for low storage, with the time space ran low:
   * what must not wait for space, such as ending jobs that have waited too long for it.
   */
  whileStorageLow?: (lowSince: Date) => Promise<unknown>;
} & Partial<Pick<EmbeddedExecutorOptions, "leaseMs" | "pollMs" | "backoffMs" | "maxInFlight" | "log" | "database" | "now">>;

/**
 * Called once by the custom server. Embedded mode: creates the executor around the SDK's
 * own serve() handler, registers it on globalThis (Next's route modules are another module
 * graph in this process) and, when WORKER_ENABLED, starts its worker loop — a process with
 * WORKER_ENABLED=false still ingests events into the database for the workers to run.
 * Inngest mode: nothing to run here; Inngest Cloud calls /api/inngest.
 */
export async function startWorkflowEngine(options: StartWorkflowEngineOptions): Promise<WorkflowEngine> {
  const env = getEnv();
  const log = options.log ?? consoleLogger();
  if (getEngineKind(env) === "inngest") {
    log.info("workflow engine: Inngest Cloud (it calls /api/inngest); no embedded executor in this process");

    return { kind: "inngest", stop: async () => {} };
  }

  await findGlobalExecutor()?.stop();
  const { functions, serveUrl, whileStorageLow, ...tuning } = options;
  const url = serveUrl ?? new URL("/api/inngest", env.BASE_URL).toString();
  const handler = serve({ client: inngest, functions }) as unknown as ServeHandler;
  const executor = createEmbeddedExecutor({
    handler,
    serveUrl: url,
    log,
    // A step's writes on a nearly full disk would panic PGlite: new steps wait for space.
    paused: async () => {
      const { low, lowSince } = await readStorage();
      if (low && lowSince && whileStorageLow) {
        await whileStorageLow(lowSince).catch((error: unknown) => log.error("work while storage is low failed", error));
      }

      return low;
    },
    ...tuning,
    maxInFlight: tuning.maxInFlight ?? env.WORKFLOW_STEPS_IN_FLIGHT,
  });
  setGlobalExecutor(executor);
  await executor.ready();
  if (env.WORKER_ENABLED) await executor.start();
  else log.info("workflow engine: embedded, WORKER_ENABLED=false — this process only enqueues runs");

  return {
    kind: "embedded",
    executor,
    async stop() {
      await executor.stop();
      if (findGlobalExecutor() === executor) setGlobalExecutor(undefined);
    },
  };
}

export type SentEvents = {
  eventIds: string[];
  /** Runs started by the events. Embedded mode only: Inngest Cloud does not report them on send. */
  runIds: string[];
};

/** Sends events in either mode. Embedded: straight into the executor, returning the run ids it created. */
export async function sendEvent(events: EventInput | EventInput[]): Promise<SentEvents> {
  if (getEngineKind() === "inngest") {
    const { ids } = await inngest.send([events].flat().map((e) => ({ ...e, data: e.data ?? {} })));

    return { eventIds: ids, runIds: [] };
  }
  const executor = findGlobalExecutor();
  if (!executor) throw new Error("embedded workflow engine is not running in this process: call startWorkflowEngine() first");
  const { eventIds, runIds } = await executor.send(events);

  return { eventIds, runIds };
}
