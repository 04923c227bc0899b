import { z } from "zod";

/** Why the server is up but not doing all of its work. */
export const degradedReasonSchema = z.object({ code: z.literal("storage_low"), message: z.string() });
export type DegradedReason = z.infer<typeof degradedReasonSchema>;

/** GET /api/health. */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]).describe("degraded: reads are served, new work waits (see reasons)"),
  reasons: z.array(degradedReasonSchema).optional(),
  db: z.enum(["postgres", "pglite"]),
  engine: z.enum(["embedded", "inngest"]),
  version: z.string(),
  browser: z
    .enum(["found", "missing", "disabled"])
    .describe(
      "Whether reports are rendered in a browser: found, missing (none installed: docs/operations.md › A browser for the render) or disabled (RENDER=false)",
    ),
});
export type Health = z.infer<typeof healthSchema>;
