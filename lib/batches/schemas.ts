import { z } from "zod";
import { JOB_STATUSES } from "@/db/schema/job-status";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";
import { createJobBodySchema } from "@/lib/jobs/schemas";

// Request and response shapes of the batches API: the single source of validation, types and OpenAPI.

/** Stores one batch may analyze, after duplicates are dropped (the peers' bulk APIs take 100 to 5,000). */
export const MAX_BATCH_DOMAINS = 1_000;
/** Lines a list may have, blank lines and duplicates included: room for a pasted list with its noise. */
export const MAX_BATCH_LINES = 5_000;
/** A CSV body's size: 5,000 lines of a domain and a few columns. */
export const MAX_BATCH_CSV_CHARS = 500_000;

export const createBatchBodySchema = z
  .object({
    domains: z
      .array(z.string().max(300))
      .min(1)
      .max(MAX_BATCH_LINES)
      .optional()
      .describe("The store domains, one per item; item n is line n in the answer's invalid_lines")
      .meta({ examples: [["allbirds.com", "gymshark.com"]] }),
    csv: z
      .string()
      .max(MAX_BATCH_CSV_CHARS)
      .optional()
      .describe(
        "A list as text, one store a line (the first column of a CSV; a first line `domain`, `url`, `website` or `store` is a header). Also accepted as the whole request body with Content-Type text/csv or text/plain",
      ),
    list_id: z
      .uuid("not a list id")
      .optional()
      .describe(
        "One of your saved lists (GET /api/lists): its stores now, a segment evaluated as the directory answers it; at most 1,000 stores",
      ),
    webhook_url: createJobBodySchema.shape.webhook_url.describe(
      "Where batch.completed is POSTed; without it, the account's webhook URL (PUT /api/webhooks), if any",
    ),
  })
  .refine((body) => [body.domains, body.csv, body.list_id].filter((source) => source !== undefined).length === 1, {
    message: "send one of domains (a list), csv (text) or list_id (a saved list)",
    path: ["domains"],
  })
  // The refinement above, said in the document's JSON Schema (zod cannot convert a refinement).
  .meta({ oneOf: [{ required: ["domains"] }, { required: ["csv"] }, { required: ["list_id"] }] });
export type CreateBatchBody = z.infer<typeof createBatchBodySchema>;

export const batchIdParamsSchema = z.object({ id: z.uuid("not a batch id") });

export const batchQuerySchema = paginationQuerySchema;

export const BATCH_STATUSES = ["running", "completed"] as const;

export const batchJobSchema = z.object({
  job_id: z.string(),
  domain: z.string(),
  status: z.enum(JOB_STATUSES),
  error_code: z.string().nullable().describe("Why a failed job failed (the job's code), else null"),
  report_url: z.string().describe("The report's page; it shows the job's progress until it completed"),
  status_url: z.string(),
});
export type BatchJob = z.infer<typeof batchJobSchema>;

export const batchCountsSchema = z.object(
  Object.fromEntries(JOB_STATUSES.map((status) => [status, z.number().int()])) as {
    [K in (typeof JOB_STATUSES)[number]]: z.ZodNumber;
  },
);

export const batchSummarySchema = z.object({
  id: z.string(),
  status: z.enum(BATCH_STATUSES).describe("completed once every job has ended (completed or failed); batch.completed is sent then"),
  total: z.number().int().describe("Jobs the batch started, one per distinct store"),
  counts: batchCountsSchema.describe("The batch's jobs by state"),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  status_url: z.string(),
  export_url: z.string().describe("The results as CSV (add ?format=json for JSON)"),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchSchema = batchSummarySchema.extend({
  jobs: paginatedSchema(batchJobSchema).describe("The batch's jobs in the order submitted, a page at a time (page, per_page)"),
});
export type BatchView = z.infer<typeof batchSchema>;

export const batchEnvelopeSchema = z.object({ batch: batchSchema });

export const createdBatchSchema = z.object({
  batch: batchSchema,
  duplicates: z.number().int().describe("Lines dropped because they named a store already in the list"),
});
export type CreatedBatch = z.infer<typeof createdBatchSchema>;

export const batchListSchema = paginatedSchema(batchSummarySchema);
export type BatchList = z.infer<typeof batchListSchema>;

export const invalidLineSchema = z.object({
  line: z.number().int().describe("1-based line of the CSV, or 1-based position in domains"),
  input: z.string().describe("The line as sent, cut to 300 characters"),
  error: z.string(),
});
export type InvalidLine = z.infer<typeof invalidLineSchema>;

/** 400 of POST /api/batches: nothing was started; `invalid_lines` when lines are not store domains. */
export const invalidLinesBodySchema = z.object({
  error: z.string(),
  code: z.literal("invalid_request"),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
  invalid_lines: z.array(invalidLineSchema).optional().describe("Each line that is not a store domain, when that is the refusal"),
});

export const BATCH_EXPORT_FORMATS = ["csv", "json"] as const;
export const batchExportQuerySchema = z.object({ format: z.enum(BATCH_EXPORT_FORMATS).default("csv") });

/** One row of a batch's export: the job, its store, and what its report found, when it completed. */
export const batchExportRowSchema = z.object({
  job_id: z.string(),
  domain: z.string(),
  status: z.enum(JOB_STATUSES),
  error_code: z.string().nullable(),
  report_url: z.string(),
  theme: z.string().nullable().describe("The theme the report found, null when none or not completed"),
  apps: z.array(z.string()).describe("The apps the report found, by name"),
});
export type BatchExportRow = z.infer<typeof batchExportRowSchema>;
