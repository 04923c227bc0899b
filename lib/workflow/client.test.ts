import { expect, it } from "vitest";
import { spawnWorker } from "@/testing/spawn-worker";

// A failed step's error holds the failed query's bound values (product JSON, e-mail addresses,
// webhook URLs): the workflow SDK's own report of it must reach the log through our logger,
// scrubbed, and not be printed around it.
it("routes the workflow SDK's step errors through the logger, without the query's bound values", async () => {
  const secret = '{"title":"Private product"},owner@example.com,https://hooks.example.com/private';
  const worker = spawnWorker("testing/workflow/sdk-log-worker.ts", {
    NODE_ENV: "production",
    PGLITE_DIR: "memory://",
    SECRET_PARAMS: secret,
  });

  expect(await worker.exited).toBe(0);
  const output = worker.output() + worker.errors();
  expect(output).toContain("Inngest step error");
  expect(output).not.toContain("owner@example.com");
  expect(output).not.toContain("Private product");
  // Every line is one of our logger's JSON lines (production format).
  for (const line of output.split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
}, 60_000);
