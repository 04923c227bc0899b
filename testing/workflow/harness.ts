import { Inngest, type InngestFunction } from "inngest";
import { serve } from "inngest/next";
import { createEmbeddedExecutor, type EmbeddedExecutor, type EmbeddedExecutorOptions } from "@/lib/workflow/embedded/executor";
import { quietLogger } from "@/lib/workflow/embedded/logger";
import type { ServeHandler } from "@/lib/workflow/embedded/protocol";

/**
 * Test wiring: a client of its own per test (so tests never depend on the app's
 * functions), its fetch bound late to the executor created for it.
 */
const executors = new WeakMap<Inngest.Any, EmbeddedExecutor>();

export const SERVE_URL = "http://localhost:3000/api/inngest";

export function createTestClient(id: string): Inngest {
  const client: Inngest = new Inngest({
    id,
    isDev: true,
    checkpointing: false,
    logger: quietLogger(),
    internalLogger: quietLogger(),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const executor = executors.get(client);
      if (!executor) throw new Error(`no executor for test client ${id}`);

      return executor.fetch(input, init);
    }) as typeof fetch,
  });

  return client;
}

/** Fast settings for tests: short lease, quick polling, 20 ms backoff. */
export function createTestExecutor(
  client: Inngest.Any,
  functions: InngestFunction.Any[],
  overrides: Partial<EmbeddedExecutorOptions> = {},
): EmbeddedExecutor {
  const handler = serve({ client, functions }) as unknown as ServeHandler;
  const executor = createEmbeddedExecutor({
    handler,
    serveUrl: SERVE_URL,
    leaseMs: 2000,
    pollMs: 20,
    backoffMs: 20,
    log: quietLogger(),
    ...overrides,
  });
  if (!executors.has(client)) executors.set(client, executor);

  return executor;
}

export { waitFor } from "@/testing/wait-for";

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
