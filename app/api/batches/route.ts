import { createBatch } from "@/lib/batches/create-batch";
import { listBatches } from "@/lib/batches/get-batch";
import { createBatchEndpoint, listBatchesEndpoint } from "@/lib/batches/endpoints";
import { route } from "@/lib/endpoints/route";
import { json } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

// GET /api/batches – the caller's batches, newest first, with their counts
export const GET = route(listBatchesEndpoint, ({ user, query }) => listBatches(user.id, query));

// POST /api/batches – a list of store domains (JSON or text/csv) analyzed as one batch
export const POST = route(createBatchEndpoint, async ({ user, body }) => json(await createBatch(user, body), 201));
