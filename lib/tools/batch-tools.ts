import { z } from "zod";
import { submitBatch } from "@/lib/batches/create-batch";
import { createBatchEndpoint, getBatchEndpoint } from "@/lib/batches/endpoints";
import { getBatch } from "@/lib/batches/get-batch";
import { batchIdParamsSchema, batchQuerySchema, createBatchBodySchema } from "@/lib/batches/schemas";
import { defineTool } from "./define-tool";

// Bulk analysis like POST /api/batches: for an account (API key or session), whose batch and jobs
// are its own (another account's batch is not found), or paid once with x402 inside MCP.

export const analyzeBatchTool = defineTool({
  name: "analyze_batch",
  title: "Analyze a list of stores",
  endpoint: createBatchEndpoint,
  note: 'Charged like POST /api/batches: with an API key (or session) to the account\'s plan, all stores or none. Without one, pay once with x402 v2 inside MCP: the answer is a tool error whose structuredContent is the x402 PaymentRequired priced for this list (a job\'s price times its stores); call again with the same arguments and a PaymentPayload for it in params._meta["x402/payment"], and the result carries the receipt in _meta["x402/payment-response"]. Give domains (one store each, up to 1,000 after duplicates are dropped). A list with any line that is not a store domain is refused with each bad line\'s number, and nothing is priced or started. Returns the batch; poll get_batch until its status is completed.',
  // The list as an array: MCP arguments are JSON, so the CSV form of the HTTP endpoint adds nothing here.
  input: z.strictObject({
    domains: createBatchBodySchema.shape.domains.unwrap(),
    webhook_url: createBatchBodySchema.shape.webhook_url,
  }),
  // Each call admits (and charges) new jobs that fetch stores from the internet; it deletes nothing.
  hints: { readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: true },
  run: async (input, { principal, settled }) => {
    const { created, settlement } = await submitBatch(input, principal);
    if (settlement) settled?.(settlement);

    return created;
  },
});

export const getBatchTool = defineTool({
  name: "get_batch",
  title: "Read a batch's progress",
  endpoint: getBatchEndpoint,
  note: "An account's batch by that account only; a batch paid with x402 by its id. Counts by state, then a page of its stores' jobs (page, per_page ≤ 50); read each completed one with get_report.",
  input: z.strictObject({ ...batchIdParamsSchema.shape, ...batchQuerySchema.shape }),
  run: async ({ id, page, per_page }, { principal }) => ({
    batch: await getBatch("user" in principal ? principal.user.id : null, id, { page, per_page }),
  }),
});
