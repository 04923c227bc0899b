import { z } from "zod";
import { route } from "@/lib/api/route";
import { getReportResponse } from "@/lib/reports/get-report";

export const dynamic = "force-dynamic";

// GET /api/reports/:id – the full report by job id, payment id or store slug (latest); ETag / 304
export const GET = route({ access: "public", params: z.object({ id: z.string().min(1).max(300) }) }, ({ params, req }) =>
  getReportResponse(params.id, req),
);
