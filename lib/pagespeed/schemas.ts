import { z } from "zod";

/** The slice of a PageSpeed Insights v5 answer we read; everything optional, extra keys dropped. */
const rawAuditSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  score: z.number().nullish(),
  scoreDisplayMode: z.string().optional(),
  displayValue: z.string().optional(),
  numericValue: z.number().optional(),
  details: z.object({ overallSavingsMs: z.number().optional() }).loose().optional(),
});

const rawFieldMetricSchema = z.object({ percentile: z.number().optional(), category: z.string().optional() });

export const rawPageSpeedSchema = z.object({
  id: z.string().optional(),
  loadingExperience: z
    .object({
      overall_category: z.string().optional(),
      metrics: z.record(z.string(), rawFieldMetricSchema).optional(),
    })
    .optional(),
  lighthouseResult: z.object({
    finalUrl: z.string().optional(),
    finalDisplayedUrl: z.string().optional(),
    lighthouseVersion: z.string().optional(),
    fetchTime: z.string().optional(),
    runtimeError: z.object({ code: z.string().optional(), message: z.string().optional() }).optional(),
    categories: z.object({ performance: z.object({ score: z.number().nullish() }).optional() }).optional(),
    audits: z.record(z.string(), rawAuditSchema).optional(),
  }),
});

export type RawPageSpeed = z.infer<typeof rawPageSpeedSchema>;

export const PAGESPEED_STRATEGIES = ["mobile", "desktop"] as const;
export const pageSpeedStrategySchema = z.enum(PAGESPEED_STRATEGIES);

/** Lab metrics from Lighthouse; times in ms, CLS unitless. Missing ones are null. */
export const labMetricsSchema = z.object({
  lcpMs: z.number().nullable(),
  cls: z.number().nullable(),
  tbtMs: z.number().nullable(),
  fcpMs: z.number().nullable(),
  speedIndexMs: z.number().nullable(),
  ttiMs: z.number().nullable(),
  /** Lab INP exists only in timespan mode; usually null (see fieldMetrics). */
  inpMs: z.number().nullable(),
  serverResponseMs: z.number().nullable(),
});

/** Chrome UX Report (real users, p75) when Google has enough traffic for the URL. */
export const fieldMetricsSchema = z.object({
  overallCategory: z.string().nullable(),
  lcpMs: z.number().nullable(),
  cls: z.number().nullable(),
  inpMs: z.number().nullable(),
  fcpMs: z.number().nullable(),
  ttfbMs: z.number().nullable(),
});

export const auditSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  score: z.number().nullable(),
  displayValue: z.string().nullable(),
  savingsMs: z.number().nullable(),
});

export const pageSpeedReportSchema = z.object({
  ok: z.literal(true),
  strategy: pageSpeedStrategySchema,
  url: z.string(),
  /** 0–100 like the PageSpeed UI; null when Lighthouse could not score the page. */
  performanceScore: z.number().nullable(),
  metrics: labMetricsSchema,
  fieldMetrics: fieldMetricsSchema.nullable(),
  /** The worst-scoring opportunities and diagnostics, trimmed. */
  audits: z.array(auditSummarySchema),
  lighthouseVersion: z.string().nullable(),
  fetchedAt: z.string(),
});

export const PAGESPEED_ERROR_KINDS = ["disabled", "timeout", "network", "http", "quota", "invalid_response", "lighthouse"] as const;

export const pageSpeedFailureSchema = z.object({
  ok: z.literal(false),
  strategy: pageSpeedStrategySchema,
  url: z.string(),
  error: z.object({
    kind: z.enum(PAGESPEED_ERROR_KINDS),
    message: z.string(),
    status: z.number().nullable(),
  }),
});

export const pageSpeedResultSchema = z.discriminatedUnion("ok", [pageSpeedReportSchema, pageSpeedFailureSchema]);

export type PageSpeedStrategy = z.infer<typeof pageSpeedStrategySchema>;
export type LabMetrics = z.infer<typeof labMetricsSchema>;
export type FieldMetrics = z.infer<typeof fieldMetricsSchema>;
export type AuditSummary = z.infer<typeof auditSummarySchema>;
export type PageSpeedReport = z.infer<typeof pageSpeedReportSchema>;
export type PageSpeedFailure = z.infer<typeof pageSpeedFailureSchema>;
export type PageSpeedResult = z.infer<typeof pageSpeedResultSchema>;

/** What a job keeps of a successful audit (pagespeed_audits.metrics). */
export const storedAuditMetricsSchema = z.object({
  lab: labMetricsSchema,
  field: fieldMetricsSchema.nullable(),
  audits: z.array(auditSummarySchema),
  lighthouseVersion: z.string().nullable(),
});
export type StoredAuditMetrics = z.infer<typeof storedAuditMetricsSchema>;

/** One audit as the API answers it: a score and metrics, or the error that stopped it. */
export const pageSpeedAuditSchema = z.object({
  strategy: pageSpeedStrategySchema,
  performance_score: z.number().nullable(),
  metrics: storedAuditMetricsSchema.nullable(),
  error: z.string().nullable(),
  fetched_at: z.string(),
});
export type PageSpeedAudit = z.infer<typeof pageSpeedAuditSchema>;

/** GET /api/pagespeed/:jobId. */
export const jobPageSpeedSchema = z.object({ job_id: z.uuid(), audits: z.array(pageSpeedAuditSchema) });
export type JobPageSpeed = z.infer<typeof jobPageSpeedSchema>;
