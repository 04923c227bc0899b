/**
 * The server `bench:job` measures when there is no production build to run server.ts on (next
 * dev cannot serve from every checkout): one process that does what server.ts does for a job and
 * its probes, minus Next's router. bootstrap(), the embedded workflow executor with the app's
 * functions and its worker, the loop-stall log (LOOP_STALL_LOG_FILE), and the real route
 * handlers of POST /api/jobs, GET /api/jobs/:id, GET /api/health and GET /api/stores/:slug on
 * loopback (testing/route-host.ts). Prints `{"origin": …}` once listening; runs until SIGTERM.
 */
import { getEnv } from "@/lib/env";
import { closeDatabase } from "@/db";
import { failJobsWaitingOnStorage } from "@/lib/pipeline/fail-jobs-waiting-on-storage";
import { startWorkflowEngine } from "@/lib/workflow/engine";
import { bootstrap } from "@/server/bootstrap";
import { startLoopStallLog } from "@/server/loop-stall-log";
import { startRouteHost, type RouteHandler } from "@/testing/route-host";
import { functions } from "@/inngest";

const env = getEnv();
const stopStallLog = startLoopStallLog(env.LOOP_STALL_LOG_FILE);
await bootstrap();
const handler = (route: { GET?: unknown; POST?: unknown }, method: "GET" | "POST") => route[method] as RouteHandler;
const host = await startRouteHost({
  routes: [
    { method: "POST", path: /^\/api\/jobs$/, handler: handler(await import("@/app/api/jobs/route"), "POST") },
    { method: "GET", path: /^\/api\/jobs\/(?<id>[^/]+)$/, handler: handler(await import("@/app/api/jobs/[id]/route"), "GET") },
    { method: "GET", path: /^\/api\/health$/, handler: handler(await import("@/app/api/health/route"), "GET") },
    { method: "GET", path: /^\/api\/stores\/(?<slug>[^/]+)$/, handler: handler(await import("@/app/api/stores/[slug]/route"), "GET") },
  ],
});
const engine = await startWorkflowEngine({ functions, whileStorageLow: failJobsWaitingOnStorage });
process.stdout.write(`${JSON.stringify({ origin: host.origin })}\n`);
process.on("SIGTERM", () => {
  void (async () => {
    stopStallLog();
    await engine.stop().catch(() => {});
    await host.close();
    await closeDatabase().catch(() => {});
    process.exit(0);
  })();
});
