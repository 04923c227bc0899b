import { z } from "zod";
import { renderArtifactSchema, renderCodeSchema } from "@/lib/render/schemas";

// The findings build-report works out itself rather than reads on a page (lib/pipeline/report-content.ts).

/** What the limits on store content (lib/shopify-reader/store-text-limits.ts) left out of a job's products. */
export const contentCutSummarySchema = z.object({
  products: z.number().int().describe("Products with anything left out"),
  variants: z.number().int(),
  images: z.number().int().describe("Past the count, or with a URL too long to keep"),
  tags: z.number().int(),
  options: z.number().int().describe("Options and option values"),
  text_fields: z.number().int().describe("Values shortened to their byte limit, or dropped for not fitting one"),
  bytes: z.number().int().describe("UTF-8 bytes of text left out"),
});
export type ContentCutSummary = z.infer<typeof contentCutSummarySchema>;

/** How the store was read: our requests, what the store refused, what robots.txt kept us from. */
export const crawlSectionSchema = z.object({
  requests: z.number().int().describe("Requests made to the store (every attempt, retries included)"),
  signed_requests: z.number().int().describe("Requests sent with a Web Bot Auth `Signature` header"),
  retries: z.number().int().describe("Attempts after a request's first one"),
  refusals: z
    .record(z.string(), z.number().int())
    .describe('Answers refusing us, by HTTP status ("403", "423", "429", "430", "503"…) or "challenge" for a bot challenge'),
  robots: z.object({
    status: z.enum(["ok", "missing"]).nullable().describe("`missing`: the store serves no robots.txt (all allowed); null when not read"),
    crawl_delay_seconds: z.number().nullable().describe("The Crawl-delay honored (capped at 30 seconds); null when none"),
    skipped: z
      .array(z.object({ path: z.string(), kind: z.string() }))
      .describe("Paths robots.txt disallows for StoreLensBot, which were not requested (at most 50 listed)"),
  }),
  owner_signature_expires_at: z
    .string()
    .nullable()
    .describe("When the store owner's registered signature for StoreLensBot expires; null when the owner registered none"),
});
export type CrawlSection = z.infer<typeof crawlSectionSchema>;

/** How the store's home page rendered in a browser (lib/render): its screenshots, and what only showed after its scripts ran. */
export const renderSectionSchema = z.object({
  status: z.enum(["rendered", "not_rendered"]),
  code: renderCodeSchema.nullable().describe("Why the page was not rendered (render_timeout, render_blocked_request, …); null when it was"),
  screenshots: z
    .object({ desktop: z.url().nullable(), phone: z.url().nullable() })
    .describe("GET /api/reports/:id/screenshots/:size: JPEG, 1280×800 and 390×844, viewport only; null when not rendered"),
  requests: z
    .number()
    .int()
    .describe("Requests the page made, each answered by us (through the store fetch or the guarded fetch) or refused"),
  bytes: z.number().int().describe("Bytes of the answers handed to the browser"),
  refused: z.record(z.string(), z.number().int()).describe("Requests refused, by reason"),
  stored_bytes: z.number().int().describe("Bytes of the stored screenshots, counted in the job's storage budget"),
  after_render: z
    .array(renderArtifactSchema.shape.afterRender.element)
    .describe(
      'What the detectors found in the rendered page and not in the served HTML; apps also join `apps`, their evidence starting "after render:"',
    ),
});
export type RenderSection = z.infer<typeof renderSectionSchema>;
