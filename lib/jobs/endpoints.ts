import { defineEndpoint } from "@/lib/http/define-endpoint";
import { rateLimitedBodySchema } from "@/lib/limits/schemas";
import { createJobRequestSchema } from "./create-job-request";
import {
  findJobQuerySchema,
  jobEnvelopeSchema,
  jobIdParamsSchema,
  jobStatusSchema,
  paymentRequiredBodySchema,
  planLimitReachedBodySchema,
} from "./schemas";

export const findJobEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/jobs",
  access: "public",
  operationId: "findJob",
  tag: "jobs",
  summary: "Find a job by id or by store domain (latest)",
  description:
    "One of the query parameters id or domain is required: without either, 400 with an issue on `query`. 404 when no job matches.",
  query: findJobQuerySchema,
  answers: { 200: { schema: jobEnvelopeSchema }, 400: "error", 404: "error" },
});

// Submitting a job is admitting and charging it: the handler calls billing (lib/billing/submit-job.ts).
export const createJobEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/jobs",
  access: "jobs.create",
  operationId: "createJob",
  tag: "jobs",
  summary: "Submit a Shopify store's domain for analysis",
  description:
    "402 payment_required with the x402 v1 payment body for a caller without credentials, or plan_limit_reached when the plan has no job left; 403 email_unverified until the account confirms its e-mail, when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low with Retry-After while the server's disk is nearly full; 503 settlement_unknown with Retry-After when the x402 facilitator did not answer a settlement: send the same payment again. An x402 v2 payment may carry a payment-identifier (extension declared in PAYMENT-REQUIRED): the same payload sent again answers 201 with the same job and settlement headers; another payload under that identifier is 409 conflict (reason payment_identifier_conflict), a malformed identifier 400 (reason invalid_payment_identifier), and a resend while the first is still being processed 503 payment_in_progress with Retry-After",
  body: createJobRequestSchema,
  requestHeaders: ["PAYMENT-SIGNATURE", "X-PAYMENT"],
  answers: {
    201: { schema: jobEnvelopeSchema, headers: ["PAYMENT-RESPONSE", "X-PAYMENT-RESPONSE"] },
    400: "error",
    402: { schema: [paymentRequiredBodySchema, planLimitReachedBodySchema], headers: ["PAYMENT-REQUIRED"] },
    403: "error",
    409: "error",
  },
});

export const getJobEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/jobs/:id",
  access: "public",
  operationId: "getJob",
  tag: "jobs",
  summary: "Job details",
  params: jobIdParamsSchema,
  description:
    "The job envelope (status, progress, counts, error, links) by job id, as GET /api/jobs?id= answers it. 404 when the id names no job. Not cached: poll GET /api/jobs/:id/status or follow GET /api/jobs/:id/events while a job runs.",
  answers: { 200: { schema: jobEnvelopeSchema }, 404: "error" },
});

export const getJobStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/jobs/:id/status",
  access: "public",
  operationId: "getJobStatus",
  tag: "jobs",
  summary: "An analysis job's status (queued, running, completed, failed), progress and links, for polling",
  params: jobIdParamsSchema,
  description:
    "The small answer to poll while a job runs (every few seconds is plenty); it links the report (report_url) and itself (status_url). 404 when the id names no job.",
  answers: { 200: { schema: jobStatusSchema }, 404: "error" },
});

export const streamJobEventsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/jobs/:id/events",
  access: "public",
  operationId: "streamJobEvents",
  tag: "jobs",
  summary:
    "Progress as Server-Sent Events (fallback of /api/ws/:jobId); 429 when this address has its share of open progress connections, 503 when the server has all it takes",
  params: jobIdParamsSchema,
  description:
    "One text/event-stream per job: progress events while it runs, then a completed or failed event, after which the stream ends (a job already finished answers its terminal event at once). A comment line every 15 seconds keeps idle connections open. 404 when the id names no job. Connections are capped per address (429 open_connections) and per server (503), shared with the WebSocket.",
  answers: {
    200: {
      content: {
        "text/event-stream": { schema: { type: "string", description: "progress, completed and failed messages, each a JSON data line" } },
      },
    },
    404: "error",
    429: {
      schema: rateLimitedBodySchema,
      description: "limit_type open_connections: this address has its share of open progress connections; ip_cooldown: its cooldown window",
    },
  },
});
