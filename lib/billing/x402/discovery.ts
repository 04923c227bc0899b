import { bazaarResourceServerExtension, declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { z } from "zod";
import { createJobBodySchema, jobSchema } from "@/lib/jobs/schemas";

// What POST /api/jobs takes and answers, for x402 discovery (Bazaar): from the same zod schemas that
// validate the request and document it in OpenAPI. POST /api/batches declares itself with the helpers
// exported here (lib/batches/batch-offer.ts): billing knows no batch.

/** Length and range bounds and sample values: the OpenAPI document has them; discovery describes the shape, with its own example. */
const BOUNDS = new Set(["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "examples"]);

/** `additionalProperties: {}` (a loose object) says what JSON Schema assumes without it. */
const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * A schema small enough for a response header (PAYMENT-REQUIRED is base64 of all of this, and
 * proxies refuse answers whose headers pass a few kilobytes): a string with a `format` keeps the
 * format and drops zod's equivalent regular expression, bounds are left to OpenAPI, and the
 * draft is named once, by the Bazaar declaration around it.
 */
function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact);
  if (schema === null || typeof schema !== "object") return schema;
  const entries = Object.entries(schema as Record<string, unknown>).filter(
    ([key, value]) =>
      !(key === "pattern" && "format" in schema) &&
      key !== "$schema" &&
      !BOUNDS.has(key) &&
      !(key === "additionalProperties" && isEmptyObject(value)),
  );

  return Object.fromEntries(entries.map(([key, value]) => [key, compact(value)]));
}

export const toSchema = (schema: z.ZodType, io: "input" | "output") =>
  compact(z.toJSONSchema(schema, { io, unrepresentable: "any" })) as Record<string, unknown>;
const inputSchema = () => toSchema(createJobBodySchema, "input");
/**
 * What discovery says to send: the domain. The optional webhook_url and notify_email are in the
 * OpenAPI document and in the v1 body's outputSchema; the header's room went to the
 * payment-identifier declaration.
 */
const discoveredInputSchema = () => toSchema(createJobBodySchema.pick({ domain: true }), "input");

/**
 * The answer as discovery declares it: the fields an agent acts on (where to watch the job and
 * read its report), the others allowed. The whole envelope made PAYMENT-REQUIRED 4 KB, and
 * nginx's default proxy_buffer_size (one 4 KB page) answers 502 for headers past it.
 */
const DECLARED_JOB_FIELDS = { id: true, status: true, report_url: true, status_url: true } as const;
/** In the header, `status` (its URL answers it) made room for the payment-identifier declaration. */
const HEADER_JOB_FIELDS = { id: true, report_url: true, status_url: true } as const;
type JobFields = typeof DECLARED_JOB_FIELDS | typeof HEADER_JOB_FIELDS;

const outputSchema = (fields: JobFields = DECLARED_JOB_FIELDS) => toSchema(z.object({ job: jobSchema.pick(fields).loose() }), "output");

/** What a caller gets back: a queued job (a whole one, so it must parse), cut to the declared fields. */
const exampleOutput = (
  fields: JobFields = DECLARED_JOB_FIELDS,
  base = "https://storelens.example",
  id = "00000000-0000-4000-8000-000000000000",
) => ({
  job: jobSchema.pick(fields).parse(
    jobSchema.parse({
      id,
      domain: "example.myshopify.com",
      slug: "example-myshopify-com",
      status: "queued",
      step: null,
      progress: 0,
      counts: {},
      step_timings: [],
      error: null,
      code: null,
      charge_returned: null,
      charge_return_reason: null,
      listing_complete: null,
      retry_of: null,
      created_at: "2026-01-01T00:00:00.000Z",
      started_at: null,
      completed_at: null,
      report_url: `${base}/reports/${id}`,
      api_url: `${base}/api/jobs/${id}`,
      status_url: `${base}/api/jobs/${id}/status`,
    }),
  ),
});

/** A transport context as the Bazaar extension reads it: it takes the method from here. */
export const POST_CONTEXT = { method: "POST", path: "/api/jobs", adapter: {} };

/**
 * The v2 `extensions` of the 402 answer: the Bazaar declaration of POST /api/jobs, and the
 * payment-identifier one (optional: a client may name its payment to get its answer again,
 * lib/billing/x402/payment-identifier.ts), a few hundred bytes of the header's budget.
 */
export function jobDiscovery(): Record<string, unknown> {
  const declared = declareDiscoveryExtension({
    bodyType: "json",
    input: { domain: "example.myshopify.com" },
    inputSchema: discoveredInputSchema(),
    output: { example: exampleOutput(HEADER_JOB_FIELDS), schema: outputSchema(HEADER_JOB_FIELDS) },
  });

  return {
    [bazaarResourceServerExtension.key]: bazaarResourceServerExtension.enrichDeclaration!(
      declared[bazaarResourceServerExtension.key],
      POST_CONTEXT,
    ),
    [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
  };
}

/** x402 v1's `outputSchema` of a POST: the input as v1 describes it, and the output. */
export function outputSchemaV1(input: Record<string, unknown>, output: Record<string, unknown>): Record<string, unknown> {
  const body = input as { properties?: Record<string, { type?: string; description?: string }>; required?: string[] };
  const bodyFields = Object.fromEntries(
    Object.entries(body.properties ?? {}).map(([name, field]) => [
      name,
      { type: field.type ?? "string", required: body.required?.includes(name) ?? false },
    ]),
  );

  return { input: { type: "http", method: "POST", discoverable: true, bodyType: "json", bodyFields }, output };
}

/** x402 v1's `outputSchema` of POST /api/jobs's payment requirements. */
export const jobOutputSchemaV1 = () => outputSchemaV1(inputSchema(), outputSchema());

/** The MCP tool that admits a job, as the Bazaar declaration of a paid tool names it. */
export type PaidToolDeclaration = {
  toolName: string;
  description: string;
  input: z.ZodType;
  example: Record<string, unknown>;
  /** Its answer as its endpoint answers (an example and its schema); a job's when not given (analyze_store). */
  output?: { example: Record<string, unknown>; schema: Record<string, unknown> };
};

/**
 * The v2 `extensions` of the MCP tool-result binding's PaymentRequired: the Bazaar declaration
 * of the tool that admits a job (its arguments from the tool's own zod input, the answer as
 * POST /api/jobs declares it), over our Streamable HTTP endpoint.
 */
export function paidToolDiscovery(tool: PaidToolDeclaration): Record<string, unknown> {
  return {
    ...declareDiscoveryExtension({
      toolName: tool.toolName,
      description: tool.description,
      transport: "streamable-http",
      inputSchema: toSchema(tool.input, "input"),
      example: tool.example,
      output: tool.output ?? { example: exampleOutput(), schema: outputSchema() },
    }),
    // The tool pays through POST /api/jobs's flow, identifiers included: a lost answer is recovered the same way.
    [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
  };
}
