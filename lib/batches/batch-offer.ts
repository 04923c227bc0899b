import { bazaarResourceServerExtension, declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { z } from "zod";
import { outputSchemaV1, POST_CONTEXT, toSchema } from "@/lib/billing/x402/discovery";
import type { Offer } from "@/lib/billing/x402/requirements";
import { batchSchema, createBatchBodySchema } from "./schemas";

// POST /api/batches, declared as POST /api/jobs is: the list as `domains` (the CSV and saved-list
// forms are in OpenAPI), the answer cut to where to watch the batch. Its price is its list's.
const batchInput = () => z.object({ domains: createBatchBodySchema.shape.domains.unwrap() });
const BATCH_FIELDS = { id: true, total: true, status_url: true } as const;
const batchOutputSchema = () => toSchema(z.object({ batch: batchSchema.pick(BATCH_FIELDS).loose() }), "output");
const exampleBatchOutput = (id = "00000000-0000-4000-8000-000000000000") => ({
  batch: { id, total: 2, status_url: `https://storelens.example/api/batches/${id}` },
});

/** The v2 `extensions` of POST /api/batches's 402: its Bazaar declaration, and the payment-identifier one. */
function batchDiscovery(): Record<string, unknown> {
  const declared = declareDiscoveryExtension({
    bodyType: "json",
    input: { domains: ["allbirds.com", "gymshark.com"] },
    inputSchema: toSchema(batchInput(), "input"),
    output: { example: exampleBatchOutput(), schema: batchOutputSchema() },
  });

  return {
    [bazaarResourceServerExtension.key]: bazaarResourceServerExtension.enrichDeclaration!(declared[bazaarResourceServerExtension.key], {
      ...POST_CONTEXT,
      path: "/api/batches",
    }),
    [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
  };
}

/** x402 v1's `outputSchema` of POST /api/batches's payment requirements. */
const batchOutputSchemaV1 = () => outputSchemaV1(toSchema(batchInput(), "input"), batchOutputSchema());

/** A batch's offer: a job's price times its stores (bounded by the list's own check: at most 1,000). */
export const batchOffer = (stores: number): Offer => ({
  kind: "batch",
  stores,
  discovery: batchDiscovery,
  outputSchemaV1: batchOutputSchemaV1,
});

/** analyze_batch's answer as its Bazaar declaration names it: POST /api/batches's. */
export const batchToolOutput = () => ({ example: exampleBatchOutput(), schema: batchOutputSchema() });
