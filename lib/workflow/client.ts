import { Inngest } from "inngest";
import { getEngineKind, getEnv } from "@/lib/env";
import { findGlobalExecutor } from "./embedded/global";
import { consoleLogger, quietLogger } from "./embedded/logger";

/**
 * The one Inngest client of StoreLens.
 *
 * - engine "inngest" (INNGEST_EVENT_KEY + INNGEST_SIGNING_KEY set): an ordinary cloud
 *   client; Inngest Cloud calls /api/inngest.
 * - engine "embedded": `isDev` (v4 defaults to cloud mode, which demands a signing key on
 *   every call request) and a `fetch` that hands `inngest.send` / `step.sendEvent` to the
 *   embedded executor in this process. The executor is looked up on globalThis at call time
 *   (late binding): it is created after this client, by the custom server, in another module
 *   graph. Checkpointing is off: it would call the Inngest API, which does not exist here
 *   (the executor also omits ctx.fn_id, which alone keeps the SDK in async mode).
 *
 * Event schemas live in lib/workflow/events.ts; the client does not need them.
 */
const env = getEnv();
// The SDK's own lines ("Inngest step error" with the failed query and its bound values, and
// ctx.logger in functions) go through lib/log like every other line, so they are scrubbed.
// Left to its default, it writes them to the console around that scrubbing.
const logger = env.NODE_ENV === "test" ? quietLogger() : consoleLogger("[inngest]");

const embeddedFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const executor = findGlobalExecutor();
  if (!executor) {
    return Promise.reject(new Error("embedded workflow engine is not running in this process: call startWorkflowEngine() first"));
  }

  return executor.fetch(input, init);
}) as typeof fetch;

export const inngest =
  getEngineKind(env) === "inngest"
    ? new Inngest({ id: "storelens", eventKey: env.INNGEST_EVENT_KEY, signingKey: env.INNGEST_SIGNING_KEY, logger, internalLogger: logger })
    : new Inngest({ id: "storelens", isDev: true, fetch: embeddedFetch, checkpointing: false, logger, internalLogger: logger });
