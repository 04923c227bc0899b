/**
 * A worker process for the kill -9 loop test (crash-loop.test.ts), run as `node --import tsx`.
 * Two functions share its queue: `deadly`, whose step SIGKILLs the process running it, and
 * `calm`, whose step ends normally (with CALM_HANGS=1 it hangs instead, so that it is in flight
 * beside `deadly` when the process dies: `deadly` then waits for it to have started).
 *   LOOP_MODE=start  sends one event of each, prints {"runIds":{deadly,calm}}, works until killed
 *   LOOP_MODE=work   works (until killed)
 *   LOOP_MODE=wait   works until RUN_IDS (comma-separated) and every run they started (onFailure)
 *                    have ended, prints the runs as one JSON line, exits 0
 * Database: DATABASE_URL (PostgreSQL) or PGLITE_DIR (a PGlite directory), as the app.
 * Every step appends to EFFECTS_FILE, so the test sees what really executed, and where.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { closeDatabase, getDatabase, getDb } from "@/db";
import { workflowRuns } from "@/db/schema";
import { waitFor } from "@/testing/wait-for";
import { migrateDatabase } from "@/db/migrate";
import { consoleLogger } from "@/lib/workflow/embedded/logger";
import { createTestClient, createTestExecutor, pause } from "./harness";

const mode = process.env.LOOP_MODE;
const effectsFile = process.env.EFFECTS_FILE!;
const effect = (line: string) => appendFileSync(effectsFile, `${line} pid=${process.pid}\n`);
const effects = () => readFileSync(effectsFile, "utf8");

await migrateDatabase(getDatabase());
const inngest = createTestClient("crash-loop");
const deadly = inngest.createFunction(
  {
    id: "deadly",
    retries: 2,
    triggers: [{ event: "loop/deadly" }],
    onFailure: ({ error }) => effect(`deadly failed name=${error.name}`),
  },
  async ({ step }) => {
    await step.run("prepare", () => effect("deadly prepare"));
    await step.run("render", async () => {
      effect("deadly render");
      while (process.env.CALM_HANGS && !effects().includes(`calm start pid=${process.pid}`)) await pause(20);
      process.kill(process.pid, "SIGKILL"); // what a hostile page did to the server
    });

    return "survived";
  },
);
const calm = inngest.createFunction({ id: "calm", retries: 2, triggers: [{ event: "loop/calm" }] }, async ({ step }) => {
  const result = await step.run("work", async () => {
    effect("calm start");
    if (process.env.CALM_HANGS) await pause(120_000); // still in flight when deadly kills the process
    effect("calm done");

    return { pid: process.pid };
  });

  return result;
});
const executor = createTestExecutor(inngest, [deadly, calm], {
  leaseMs: Number(process.env.LEASE_MS ?? 1000),
  log: consoleLogger(`[crash-loop-worker ${process.pid}]`),
});
await executor.start();

if (mode === "start") {
  const { runs } = await executor.send([{ name: "loop/deadly" }, { name: "loop/calm" }]);
  const runIds = Object.fromEntries(runs.map((r) => [r.fnId.replace(/^crash-loop-/, ""), r.runId]));
  process.stdout.write(`${JSON.stringify({ runIds })}\n`); // then keeps working until killed
} else if (mode === "wait") {
  const runIds = process.env.RUN_IDS!.split(",");
  const runs = await Promise.all(runIds.map((id) => executor.waitForRun(id, { timeoutMs: 60_000 })));
  await waitFor(async () => (await getDb().$count(workflowRuns, eq(workflowRuns.status, "running"))) === 0, {
    timeoutMs: 60_000,
    what: "the failure handler's run to end",
  });
  process.stdout.write(`${JSON.stringify({ runs })}\n`);
  await executor.stop();
  await closeDatabase();
  process.exit(0);
}
