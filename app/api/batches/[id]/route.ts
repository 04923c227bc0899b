import { getBatch } from "@/lib/batches/get-batch";
import { getBatchEndpoint } from "@/lib/batches/endpoints";
import { route } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/batches/:id – the batch's counts by state and a page of its jobs
export const GET = route(getBatchEndpoint, async ({ user, params, query }) => ({
  batch: await getBatch(user?.id ?? null, params.id, query),
}));
