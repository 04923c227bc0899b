import { errorBodySchema } from "@/lib/http/errors";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { rateLimitedBodySchema } from "@/lib/limits/schemas";
import { findJobQuerySchema, jobEnvelopeSchema, jobIdParamsSchema, jobStatusSchema } from "./schemas";

// POST /api/jobs is billing's (lib/billing/endpoints.ts): submitting a job is admitting and charging it.

export const findJobEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/jobs",
  access: "public",
  operationId: "findJob",
  tag: "jobs",
  summary: "Find a job by id or by store domain (latest)",
  query: findJobQuerySchema,
  answers: { 200: { schema: jobEnvelopeSchema }, 400: "error", 404: "error" },
});

export const getJobEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/jobs/:id",
  access: "public",
  operationId: "getJob",
  tag: "jobs",
  summary: "Job details",
  params: jobIdParamsSchema,
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
  answers: {
    200: {
      content: {
        "text/event-stream": { schema: { type: "string", description: "progress, completed and failed messages, each a JSON data line" } },
      },
    },
    404: "error",
    429: { schema: [rateLimitedBodySchema, errorBodySchema] },
  },
});
