import { z } from "zod";
import { JOB_STATUSES } from "@/db/schema/job-status";
import { HTTP_URL_PATTERN } from "@/lib/http/http-url";
import { emailAddressSchema } from "@/lib/mail/email-address";
import { CHARGE_RETURN_REASONS, CHARGE_RETURNS, CHEAP_RETURNS_PER_MONTH } from "./charge-return";

// Request and response shapes of the jobs API: the single source of validation, types and OpenAPI.

export const createJobBodySchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, "domain is required")
    .max(300)
    .meta({ examples: ["allbirds.com"] }),
  webhook_url: z
    .url({ protocol: /^https?$/, message: "webhook_url must be an http(s) URL" })
    // The protocol check above, said in the document (a JSON Schema `format: uri` takes any scheme).
    .meta({ pattern: HTTP_URL_PATTERN })
    .max(2000)
    .optional(),
  notify_email: emailAddressSchema("notify_email must be an e-mail address").max(320).optional(),
});
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

// The 402 answers of POST /api/jobs, declared beside it; billing builds them (the x402 offer,
// lib/billing/x402/requirements.ts; the Free plan's limit, lib/billing/admission/charge-account.ts).

/** One way to pay for a job (x402 v1 PaymentRequirements, scheme `exact`). */
export const paymentRequirementsSchema = z.object({
  scheme: z.literal("exact"),
  network: z.string().describe("EVM network of the USDC payment, e.g. base or base-sepolia"),
  maxAmountRequired: z.string().describe("Price in atomic units of the asset"),
  resource: z.url(),
  description: z.string(),
  mimeType: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  asset: z.string().describe("USDC contract address"),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  extra: z.record(z.string(), z.unknown()).optional().describe("EIP-712 domain of the asset (name, version)"),
});
export type JobPaymentRequirements = z.infer<typeof paymentRequirementsSchema>;

/** 402 of POST /api/jobs for a caller without credentials: the x402 v1 payment body. */
export const paymentRequiredBodySchema = z.object({
  error: z.string(),
  code: z.literal("payment_required"),
  x402Version: z.literal(1),
  accepts: z.array(paymentRequirementsSchema),
  reason: z
    .string()
    .optional()
    .describe(
      "Why the payment sent was refused: payment_already_used (the proof was already spent on a job or a batch), invalid_payment, no_matching_requirements, or the facilitator's own reason (invalid_exact_evm_payload_authorization_value: not the offer's exact amount; insufficient_funds, …)",
    ),
});
export type PaymentRequiredBody = z.infer<typeof paymentRequiredBodySchema>;

/** 402 when the Free plan's monthly jobs are used up (POST /api/jobs, POST /api/shops). */
export const planLimitReachedBodySchema = z.object({
  error: z.string(),
  code: z.literal("plan_limit_reached"),
  plan: z.literal("free"),
  limit: z.number().int(),
  used: z.number().int(),
  resets_at: z.string(),
  upgrade_url: z.url(),
});
export type PlanLimitReachedBody = z.infer<typeof planLimitReachedBodySchema>;

/** GET /api/jobs: one of the two is required (the handler answers 400 naming `query` without either). */
export const findJobQuerySchema = z.object({
  id: z.string().trim().min(1).optional().describe("The job's id; required unless domain is given (id wins when both are)"),
  domain: z.string().trim().min(1).optional().describe("A store's domain: its latest job; required unless id is given"),
});

export const jobIdParamsSchema = z.object({ id: z.string().min(1) });

/** How long one pipeline step of a job took: all its runs (slices, failed attempts) together. */
export const stepTimingSchema = z.object({
  step: z.string().describe("The pipeline step's id (resolve-store, fetch-products, …)."),
  started_at: z.string().describe("When the step's first run started."),
  finished_at: z.string().describe("When the step's last run so far ended."),
  duration_ms: z.number().int().min(0).describe("Wall time of all its runs added up, in milliseconds; waits between runs are not counted."),
  runs: z.number().int().min(1).describe("How many times the step ran: one per slice of a step that reads in slices, plus retries."),
  failed_runs: z.number().int().min(0).describe("Runs that threw and were retried (or failed the job)."),
});
export type StepTiming = z.infer<typeof stepTimingSchema>;

export const jobSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  slug: z.string(),
  status: z.enum(JOB_STATUSES),
  step: z.string().nullable(),
  progress: z.number().min(0).max(1),
  counts: z.record(z.string(), z.number()),
  step_timings: z.array(stepTimingSchema).describe("Each step that has finished a run, in the order the steps started."),
  error: z.string().nullable(),
  code: z.string().nullable(),
  charge_returned: z
    .enum(CHARGE_RETURNS)
    .nullable()
    .describe(
      "What a failed job gave back to whoever paid for it: `quota` (it no longer counts against the Free plan's month), `credit` (a job credit granted to the account), `free_retry` (paid with x402: the same wallet's next job for this domain within 7 days of completed_at is verified but not settled). Null while the job has not failed, when nothing paid for it, or when its failure was not given back (charge_return_reason says why).",
    ),
  charge_return_reason: z
    .enum(CHARGE_RETURN_REASONS)
    .nullable()
    .describe(
      `Why a failed job's charge was given back or not: \`our_failure\` (it failed on our side: always given back), \`cheap_failure\` (the store turned it away while it was being checked: given back up to ${CHEAP_RETURNS_PER_MONTH} times per account and calendar month, UTC), \`monthly_cap_reached\` (such a failure, but the account had ${CHEAP_RETURNS_PER_MONTH} given back that month already: not given back), \`costly_failure\` (the store made the analysis do its work before failing, such as storage_budget_exceeded, store_too_large, or a store failure after the product crawl began: never given back). Null while the job has not failed, or when nothing was charged that a failure could give back.`,
    ),
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

/**
 * A job as its report states it: without step timings, which are measurements of the run (and
 * grow after completion) while a report's bytes are fixed when its job completes (docs/decisions.md §5.2).
 */
export const reportJobSchema = jobSchema.omit({ step_timings: true, charge_returned: true, charge_return_reason: true });
export type ReportJob = z.infer<typeof reportJobSchema>;

export const jobStatusSchema = jobSchema.pick({
  id: true,
  status: true,
  step: true,
  progress: true,
  counts: true,
  step_timings: true,
  error: true,
  code: true,
  charge_returned: true,
  charge_return_reason: true,
  completed_at: true,
});

/** `{ job }`: the answer of POST /api/jobs, GET /api/jobs and GET /api/jobs/:id. */
export const jobEnvelopeSchema = z.object({ job: jobSchema });
export type JobEnvelope = z.infer<typeof jobEnvelopeSchema>;
