import { defineEndpoint } from "@/lib/http/define-endpoint";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { paymentRequiredBodySchema, planLimitReachedBodySchema } from "@/lib/jobs/schemas";
import {
  batchEnvelopeSchema,
  batchExportQuerySchema,
  batchExportRowSchema,
  batchIdParamsSchema,
  batchListSchema,
  batchQuerySchema,
  createBatchBodySchema,
  createdBatchSchema,
  invalidLinesBodySchema,
} from "./schemas";

// Bulk analysis: a list of store domains analyzed as one batch, for the account that sent it
// (API key or session), or paid once with x402 without an account; another account's batch
// answers 404, a batch paid with x402 is read by its id (docs/batches.md).

export const createBatchEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/batches",
  access: "batches.create",
  operationId: "createBatch",
  tag: "batches",
  summary: "Analyze a list of store domains (up to 1,000 stores) as one batch, admitted against the plan at once or paid once with x402",
  description:
    "The list comes as JSON ({domains: [...]}, {csv: \"...\"} or {list_id} naming one of your saved lists: its stores now) or as the whole body with Content-Type text/csv or text/plain, one store a line; a list_id that is not yours answers 404. Each line is normalized like POST /api/jobs's domain and duplicates of a store are dropped (counted in duplicates). 400 invalid_request with invalid_lines (line number, input, reason) when any line is not a store domain, or with more than 1,000 stores: nothing is started. The plan must cover every store or none is started: 402 plan_limit_reached; 403 email_unverified when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low with Retry-After while the server's disk is nearly full. Without an account, the list is read and checked first (400 as above, nothing priced), then 402 payment_required offers one x402 payment of the price of a job times the list's distinct stores (v1 requirements in the body, v2 in PAYMENT-REQUIRED); the same list sent again with that payment (X-PAYMENT or PAYMENT-SIGNATURE) is settled once and starts the batch and all its jobs: 201 with PAYMENT-RESPONSE and X-PAYMENT-RESPONSE. A payment of another amount is 402 and nothing is settled; a payment already used is 402 payment_already_used; 503 settlement_unknown with Retry-After when the facilitator did not answer: send the same payment again, never a second one. Saved lists (list_id) need an account (401). A batch paid with x402 has no owner: read it by its id (GET /api/batches/{id}, its status_url). A failed store of it earns the paying wallet a free retry of that store on POST /api/jobs, as a failed x402 job does. When every job has ended, one batch.completed webhook goes to webhook_url, else to the account's webhook URL, signed like every webhook of the account (Standard Webhooks; unsigned for a batch paid with x402).",
  body: createBatchBodySchema,
  textBody: "csv",
  requestHeaders: ["PAYMENT-SIGNATURE", "X-PAYMENT"],
  answers: {
    201: { schema: createdBatchSchema, headers: ["PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE"] },
    400: {
      schema: invalidLinesBodySchema,
      description: "A line is not a store domain, or the list is empty or too long; nothing was started",
    },
    402: { schema: [paymentRequiredBodySchema, planLimitReachedBodySchema], headers: ["PAYMENT-REQUIRED"] },
    403: "error",
    404: "error",
    409: "error",
  },
});

export const listBatchesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/batches",
  access: "account",
  operationId: "listBatches",
  tag: "batches",
  summary: "Your batches, newest first, each with its jobs' counts by state; paginated",
  query: paginationQuerySchema,
  description:
    "Only your own batches (the account of the API key or session), newest first; page and per_page (at most 50). Each has its counts by job state; a batch's jobs are GET /api/batches/:id.",
  answers: { 200: { schema: batchListSchema }, 400: "error" },
});

export const getBatchEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/batches/:id",
  access: "public",
  operationId: "getBatch",
  tag: "batches",
  summary: "A batch's progress: counts by state and each store's job (id, domain, state), paginated",
  description:
    "A batch with its counts by state and a page of its jobs (page, per_page at most 50), each with its status and report and status URLs. An account's batch is read by that account alone; a batch paid with x402 has no owner and is read by its id, as an x402 job is. 404 for another account's batch or an unknown id, 400 for an id that is not a UUID.",
  params: batchIdParamsSchema,
  query: batchQuerySchema,
  answers: { 200: { schema: batchEnvelopeSchema }, 400: "error", 404: "error" },
});

export const exportBatchEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/batches/:id/export",
  access: "public",
  operationId: "exportBatch",
  tag: "batches",
  summary: "A batch's results as one file: job id, domain, state, report URL, theme and apps, as CSV or JSON",
  description:
    "A download (Content-Disposition: attachment) of every job of a batch, as CSV (default) or JSON (format=json); a job still running has its current status. Readable as GET /api/batches/{id} is: an account's batch by that account, a batch paid with x402 by its id. Never cached (private, no-store). 404 for another account's batch or an unknown id.",
  params: batchIdParamsSchema,
  query: batchExportQuerySchema,
  answers: {
    200: {
      content: {
        "text/csv": {
          schema: {
            type: "string",
            description: `One row per job, columns ${Object.keys(batchExportRowSchema.shape).join(", ")} (apps joined by "; ")`,
          },
        },
        "application/json": {
          schema: { type: "object", description: "{batch_id, rows: [{job_id, domain, status, error_code, report_url, theme, apps}]}" },
        },
      },
      headers: ["Content-Disposition", "Cache-Control"],
    },
    400: "error",
    404: "error",
  },
});
