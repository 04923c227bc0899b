import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import next from "next";
import { closeDatabase } from "@/db";
import { functions } from "@/inngest/functions";
import { startWorkflowEngine } from "@/lib/workflow/engine";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { closeJobEventHub } from "@/lib/realtime/job-event-hub";
import { createJobSocketServer } from "@/lib/realtime/job-socket-server";
import { bootstrap } from "./bootstrap";
import { startEventLoopWatchdog } from "./event-loop-watchdog";
import { EXIT_CODES, exitOnFatalDatabaseError } from "./exit-on-fatal-database-error";
import { restoreStoredEncoding } from "./restore-stored-encoding";
import { setClientAddress } from "@/lib/system/client-address";
import { limitGarbageGrowth } from "@/lib/system/garbage-growth";
import { answerUnknownApiPath, loadUnknownApiPathMatcher, requestPathname } from "./unknown-api-path";

/** Serves StoreLens on one port until SIGINT/SIGTERM. Settings must already be valid. */
export async function startServer(): Promise<void> {
  const env = getEnv();
  exitOnFatalDatabaseError();
  const stopWatchdog = startEventLoopWatchdog(env.EVENT_LOOP_STALL_SECONDS);
  limitGarbageGrowth();
  const dev = env.NODE_ENV === "development";
  await bootstrap();

  const app = next({ dev, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const nextUpgrade = app.getUpgradeHandler();
  // Unknown /api paths answer the JSON error body, not Next's HTML 404 page (production build only).
  const isUnknownApiPath = dev ? null : loadUnknownApiPathMatcher(path.join(process.cwd(), ".next"));

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The client address behind per-IP limits: the socket's, unless a proxy we trust set it.
    setClientAddress(req, env.TRUST_PROXY);
    if (isUnknownApiPath?.(requestPathname(req.url))) return answerUnknownApiPath(res, req.method);
    restoreStoredEncoding(res);
    void handle(req, res);
  });

  const jobSockets = createJobSocketServer();
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (jobSockets.handleUpgrade(req, socket, head)) return;
    // Anything else (dev HMR) is Next's.
    void nextUpgrade(req, socket, head);
  });

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const engine = await startWorkflowEngine({ functions });
  logger.info(`StoreLens listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`, {
    mode: dev ? "development" : "production",
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopWatchdog();
    logger.info("shutting down", { signal });
    server.close();
    await engine.stop().catch(() => {});
    await jobSockets.close();
    await closeJobEventHub();
    server.closeAllConnections();
    await app.close().catch(() => {});
    await closeDatabase().catch(() => {});
    process.exit(EXIT_CODES.stopped);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
