import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import next from "next";
import { closeDatabase } from "@/db";
import { functions } from "@/inngest";
import { failJobsWaitingOnStorage } from "@/lib/pipeline/fail-jobs-waiting-on-storage";
import { startWorkflowEngine } from "@/lib/workflow/engine";
import { ensureSampleReport } from "@/lib/sample-report/ensure-sample-report";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { closeJobEventHub } from "@/lib/realtime/job-event-hub";
import { createJobSocketServer } from "@/lib/realtime/job-socket-server";
import { bootstrap } from "./bootstrap";
import { startEventLoopWatchdog } from "./event-loop-watchdog";
import { startLoopStallLog } from "./loop-stall-log";
import { EXIT_CODES, exitOnFatalDatabaseError } from "./exit-on-fatal-database-error";
import { exitOnUnhandledErrors } from "./exit-on-unhandled-error";
import { createPublicAnswers } from "./public-answers/public-answers";
import { restoreStoredEncoding } from "./restore-stored-encoding";
import { setClientAddress } from "@/lib/http/client-address";
import { limitGarbageGrowth } from "@/lib/health/garbage-growth";
import { scriptNonce, securityHeaders } from "@/lib/security/security-headers";
import { loadRequestRefusals } from "./request-refusals";
import { answerClientError, sendApiError } from "./send-api-error";

/** Serves StoreLens on one port until SIGINT/SIGTERM. Settings must already be valid. */
export async function startServer(): Promise<void> {
  const env = getEnv();
  exitOnFatalDatabaseError();
  exitOnUnhandledErrors();
  const stopWatchdog = startEventLoopWatchdog(env.EVENT_LOOP_STALL_SECONDS);
  const stopStallLog = startLoopStallLog(env.LOOP_STALL_LOG_FILE);
  limitGarbageGrowth();
  const dev = env.NODE_ENV === "development";
  await bootstrap();
  // Before the workflow engine starts, so its stalled-job cron never meets a half-seeded sample.
  await ensureSampleReport();

  // next.config.ts is read with Node's type stripping, as `next start --experimental-next-config-strip-types`
  // does, instead of loading the SWC compiler (about 20 MB resident) just to read it. If Next
  // stops honoring this switch it falls back to SWC: slower to start, not broken.
  process.env.__NEXT_NODE_NATIVE_TS_LOADER_ENABLED ??= "true";
  const app = next({ dev, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const nextUpgrade = app.getUpgradeHandler();
  // Requests Next would fail (a malformed escape) or answer without the error body (unknown
  // /api paths, dot segments, methods a route does not serve; production build only).
  const refuseRequest = loadRequestRefusals(dev ? null : path.join(process.cwd(), ".next"));

  const publicAnswers = createPublicAnswers(env, () => server.address() as AddressInfo);
  await publicAnswers.start();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // A completed report or a store page kept in memory: sent as it was kept, security headers included.
    publicAnswers.answer(req, res, () => answerThroughNext(req, res));
  });
  const answerThroughNext = (req: IncomingMessage, res: ServerResponse) => {
    // Before anything answers: our own answers carry them, and Next keeps a header already set.
    const security = securityHeaders(env, scriptNonce());
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    // Next puts the nonce it finds in the request's policy on the scripts it renders; a client's own value never counts.
    req.headers["content-security-policy"] = security["content-security-policy"];
    delete req.headers["content-security-policy-report-only"];
    // The client address behind per-IP limits: the socket's, unless a proxy we trust set it.
    setClientAddress(req, env.TRUST_PROXY);
    const refusal = refuseRequest(req.method ?? "GET", req.url);
    if (refusal) return sendApiError(res, refusal, req.method);
    restoreStoredEncoding(res);
    void handle(req, res);
  };
  // A request Node cannot parse (an unknown method, a bad header) gets the error body too.
  server.on("clientError", answerClientError);

  const jobSockets = createJobSocketServer();
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (jobSockets.handleUpgrade(req, socket, head)) return;
    // Anything else (dev HMR) is Next's.
    void nextUpgrade(req, socket, head);
  });

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const engine = await startWorkflowEngine({ functions, whileStorageLow: failJobsWaitingOnStorage });
  logger.info(`StoreLens listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`, {
    mode: dev ? "development" : "production",
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopWatchdog();
    stopStallLog();
    logger.info("shutting down", { signal });
    server.close();
    await publicAnswers.stop();
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
