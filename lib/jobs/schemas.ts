import { z } from "zod";
import { JOB_STATUSES } from "@/db/schema/job-status";

// Request and response shapes of the jobs API: the single source of validation, types and OpenAPI.

export const createJobBodySchema = z.object({
  domain: z.string().trim().min(1, "domain is required").max(300),
  webhook_url: z
    .url({ protocol: /^https?$/, message: "webhook_url must be an http(s) URL" })
    .max(2000)
    .optional(),
  notify_email: z.email("notify_email must be an e-mail address").max(320).optional(),
});
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

export const findJobQuerySchema = z.object({
  id: z.string().trim().min(1).optional(),
  domain: z.string().trim().min(1).optional(),
});

export const jobIdParamsSchema = z.object({ id: z.string().min(1) });

export const jobSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  slug: z.string(),
  status: z.enum(JOB_STATUSES),
  step: z.string().nullable(),
  progress: z.number().min(0).max(1),
  counts: z.record(z.string(), z.number()),
  error: z.string().nullable(),
  code: z.string().nullable(),
  listing_complete: z.boolean().nullable(),
  retry_of: z.uuid().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  report_url: z.url(),
  api_url: z.url(),
  status_url: z.url(),
});
export type JobResponse = z.infer<typeof jobSchema>;

export const jobStatusSchema = jobSchema.pick({
  id: true,
  status: true,
  step: true,
  progress: true,
  counts: true,
  error: true,
  code: true,
  completed_at: true,
});

/** `{ job }`: the answer of POST /api/jobs, GET /api/jobs and GET /api/jobs/:id. */
export const jobEnvelopeSchema = z.object({ job: jobSchema });
export type JobEnvelope = z.infer<typeof jobEnvelopeSchema>;
