import { z } from "zod";
import { createBatch } from "@/lib/batches/create-batch";
import { createBatchEndpoint, getBatchEndpoint } from "@/lib/batches/endpoints";
import { getBatch } from "@/lib/batches/get-batch";
import { batchIdParamsSchema, batchQuerySchema, createBatchBodySchema } from "@/lib/batches/schemas";
import { defineTool, userOf } from "./define-tool";

// Bulk analysis for an account (API key or session), like POST /api/batches: the batch and its
// jobs are the caller's, and another account's batch is not found.

export const analyzeBatchTool = defineTool({
  name: "analyze_batch",
  title: "Analyze a list of stores",
  endpoint: createBatchEndpoint,
  note: "API key or session; charged to the account's plan like POST /api/batches, all stores or none. Give domains (one store each, up to 1,000 after duplicates are dropped). A list with any line that is not a store domain is refused with each bad line's number, and nothing starts. Returns the batch; poll get_batch until its status is completed.",
  // The list as an array: MCP arguments are JSON, so the CSV form of the HTTP endpoint adds nothing here.
  input: z.strictObject({
    domains: createBatchBodySchema.shape.domains.unwrap(),
    webhook_url: createBatchBodySchema.shape.webhook_url,
  }),
  // Each call admits (and charges) new jobs that fetch stores from the internet; it deletes nothing.
  hints: { readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: true },
  run: (input, caller) => createBatch(userOf(caller), input),
});

export const getBatchTool = defineTool({
  name: "get_batch",
  title: "Read a batch's progress",
  endpoint: getBatchEndpoint,
  note: "API key or session, the batch's own account only. Counts by state, then a page of its stores' jobs (page, per_page ≤ 50); read each completed one with get_report.",
  input: z.strictObject({ ...batchIdParamsSchema.shape, ...batchQuerySchema.shape }),
  run: async ({ id, page, per_page }, caller) => ({ batch: await getBatch(userOf(caller).id, id, { page, per_page }) }),
});
