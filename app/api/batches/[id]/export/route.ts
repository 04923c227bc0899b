import { exportBatch } from "@/lib/batches/export-batch";
import { exportBatchEndpoint } from "@/lib/batches/endpoints";
import { route } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/batches/:id/export – the batch's results as CSV or JSON
export const GET = route(exportBatchEndpoint, ({ user, params, query }) => exportBatch(user?.id ?? null, params.id, query.format));
