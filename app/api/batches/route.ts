import { submitBatch } from "@/lib/batches/create-batch";
import { listBatches } from "@/lib/batches/get-batch";
import { createBatchEndpoint, listBatchesEndpoint } from "@/lib/batches/endpoints";
import { settlementHeaders } from "@/lib/billing/x402/settlement";
import { route } from "@/lib/endpoints/route";
import { json } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

// GET /api/batches – the caller's batches, newest first, with their counts
export const GET = route(listBatchesEndpoint, ({ user, query }) => listBatches(user.id, query));

// POST /api/batches – a list of store domains (JSON or text/csv) analyzed as one batch; paid by the
// account's plan, or by one x402 payment whose settlement answers in PAYMENT-RESPONSE and X-PAYMENT-RESPONSE
export const POST = route(createBatchEndpoint, async ({ body, principal }) => {
  const { created, settlement } = await submitBatch(body, principal);

  return json(created, 201, settlement ? settlementHeaders(settlement) : {});
});
