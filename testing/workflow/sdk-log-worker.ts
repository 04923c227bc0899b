/**
 * A production-mode process for client.test.ts, run as `node --import tsx` with NODE_ENV=production:
 * the app's own Inngest client runs a function whose step fails with a query error carrying
 * bound values (as drizzle's do), then the process exits. Its output is what the log would hold.
 */
import { getDatabase } from "@/db";
import { prepareDatabase } from "@/server/prepare-database";
import { inngest } from "@/lib/workflow/client";
import { startWorkflowEngine } from "@/lib/workflow/engine";
import { quietLogger } from "@/lib/workflow/embedded";

await prepareDatabase(getDatabase());
const failing = inngest.createFunction({ id: "sdk-log-failing", retries: 1, triggers: [{ event: "sdk-log/go" }] }, async ({ step }) => {
  await step.run("store-products", () => {
    throw new Error(`Failed query: insert into products (body, email) values ($1, $2)\nparams: ${process.env.SECRET_PARAMS}`);
  });
});
const engine = await startWorkflowEngine({ functions: [failing], pollMs: 20, backoffMs: () => 20, log: quietLogger() });
const { runIds } = await engine.executor!.send({ name: "sdk-log/go", data: {} });
await engine.executor!.waitForRun(runIds[0]!, { timeoutMs: 20_000 });
await engine.stop();
process.exit(0);
