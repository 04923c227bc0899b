/**
 * A worker process for the crash test (crash.test.ts), run as `node --import tsx`.
 *   CRASH_MODE=start   starts a run and keeps working; with SLOW_STEP2=1 step 2 hangs so the
 *                      test can `kill -9` this process in the middle of it.
 *   CRASH_MODE=resume  a fresh process on the same database: waits for RUN_ID to end and
 *                      prints the run and its steps as one JSON line.
 * Database: DATABASE_URL (PostgreSQL) or PGLITE_DIR (a PGlite directory), as the app.
 * Every step appends to EFFECTS_FILE, so the test sees what really executed, and where.
 */
import { appendFileSync } from "node:fs";
import { closeDatabase, getDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { consoleLogger } from "@/lib/workflow/embedded/logger";
import { createTestClient, createTestExecutor, pause } from "./harness";

const mode = process.env.CRASH_MODE;
const effectsFile = process.env.EFFECTS_FILE!;
const effect = (line: string) => appendFileSync(effectsFile, `${line} pid=${process.pid}\n`);

await migrateDatabase(getDatabase());
const inngest = createTestClient("crash");
const crashy = inngest.createFunction({ id: "crashy", retries: 2, triggers: [{ event: "crash/go" }] }, async ({ step }) => {
  const one = await step.run("step-1", () => {
    effect("step-1");
    return { pid: process.pid };
  });
  const two = await step.run("step-2", async () => {
    effect("step-2 start");
    if (process.env.SLOW_STEP2) await pause(120_000); // the window in which the test kills us
    effect("step-2 done");
    return { pid: process.pid };
  });
  const three = await step.run("step-3", () => {
    effect("step-3");
    return "three";
  });
  return { one, two, three };
});
const executor = createTestExecutor(inngest, [crashy], {
  leaseMs: Number(process.env.LEASE_MS ?? 1000),
  log: consoleLogger(`[crash-worker ${process.pid}]`),
});
await executor.start();

if (mode === "start") {
  const { runIds } = await executor.send({ name: "crash/go", data: {} });
  process.stdout.write(`${JSON.stringify({ runId: runIds[0] })}\n`); // then keeps working until killed
} else {
  const runId = process.env.RUN_ID!;
  const run = await executor.waitForRun(runId, { timeoutMs: 60_000 });
  const steps = await executor.listSteps(runId);
  process.stdout.write(`${JSON.stringify({ run, steps })}\n`);
  await executor.stop();
  await closeDatabase();
  process.exit(0);
}
