export { DEFAULT_PAGESPEED_TIMEOUT_MS, runPageSpeed, runPageSpeedAudits, type PageSpeedOptions } from "./run-pagespeed";
export {
  PAGESPEED_ERROR_KINDS,
  PAGESPEED_STRATEGIES,
  pageSpeedResultSchema,
  type AuditSummary,
  type FieldMetrics,
  type LabMetrics,
  type PageSpeedFailure,
  type PageSpeedReport,
  type PageSpeedResult,
  type PageSpeedStrategy,
} from "./schemas";
