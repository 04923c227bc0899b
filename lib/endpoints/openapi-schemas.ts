import type { z } from "zod";
import { appDetailSchema, appListSchema, directoryAppSchema } from "@/lib/apps/schemas";
import { heatGraphSchema, snapshotComparisonSchema, storeAnalyticsSchema } from "@/lib/analytics/schemas";
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, revokedApiKeySchema } from "@/lib/api-keys/schemas";
import { messageResponseSchema, signUpResponseSchema } from "@/lib/auth/schemas";
import {
  billingSummarySchema,
  checkoutSessionSchema,
  portalSessionSchema,
  trackedStoreLimitBodySchema,
  webhookReceiptSchema,
} from "@/lib/billing/schemas";
import { blogPostListSchema, blogPostSchema, blogPostSummarySchema } from "@/lib/blog/schemas";
import { chatAnswerSchema, chatDailyLimitSchema, chatPerMinuteLimitSchema } from "@/lib/chat/schemas";
import { freeExportJsonSchema, technologyExportJsonSchema } from "@/lib/export/schemas";
import { listDetailSchema, listSchema } from "@/lib/lists/schemas";
import { healthSchema } from "@/lib/health/schemas";
import { errorBodySchema } from "@/lib/http/errors";
import { paginationSchema } from "@/lib/http/pagination";
import {
  inventoryEventListSchema,
  inventoryEventSchema,
  inventorySummarySchema,
  priceHistorySchema,
  productInventorySchema,
  salesValueSchema,
} from "@/lib/inventory/schemas";
import {
  jobEnvelopeSchema,
  jobSchema,
  jobStatusSchema,
  paymentRequiredBodySchema,
  paymentRequirementsSchema,
  planLimitReachedBodySchema,
  reportJobSchema,
  stepTimingSchema,
} from "@/lib/jobs/schemas";
import { ipCooldownBodySchema, rateLimitedBodySchema } from "@/lib/limits/schemas";
import { quickLookSchema } from "@/lib/quick-look/schemas";
import { jobPageSpeedSchema, pageSpeedAuditSchema } from "@/lib/pagespeed/schemas";
import { catalogEventPageSchema, catalogEventSchema, changelogEntrySchema, changelogSchema } from "@/lib/changelog/schemas";
import { reportMetadataSchema, reportSchema, reportSummarySchema } from "@/lib/reports/schemas";
import { pageSchema, productSchema, reportCollectionSchema, variantSchema } from "@/lib/shopify-reader/schemas";
import {
  priceDistributionSchema,
  storeListItemSchema,
  storeListSchema,
  storePageSchema,
  storeSummarySchema,
} from "@/lib/store-directory/schemas";
import { trackedStoreListSchema, trackedStoreSchema, trackStoreResultSchema, untrackStoreResultSchema } from "@/lib/tracking/schemas";

/**
 * The shapes named in components.schemas, each the domain's own zod schema: wherever one of
 * them appears in an answer, the document refers to it by `$ref` instead of repeating it.
 * Names are part of the API (generated clients use them): rename only in the changelog.
 */
export const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorBodySchema,
  RateLimited: rateLimitedBodySchema,
  IpCooldown: ipCooldownBodySchema,
  ChatPerMinuteLimit: chatPerMinuteLimitSchema,
  ChatDailyLimit: chatDailyLimitSchema,
  PaymentRequired: paymentRequiredBodySchema,
  PaymentRequirements: paymentRequirementsSchema,
  PlanLimitReached: planLimitReachedBodySchema,
  TrackedStoreLimit: trackedStoreLimitBodySchema,
  Pagination: paginationSchema,
  Health: healthSchema,
  Job: jobSchema,
  JobEnvelope: jobEnvelopeSchema,
  JobStatus: jobStatusSchema,
  QuickLook: quickLookSchema,
  StepTiming: stepTimingSchema,
  ReportJob: reportJobSchema,
  Report: reportSchema,
  ReportSummary: reportSummarySchema,
  ReportMetadata: reportMetadataSchema,
  Product: productSchema,
  Variant: variantSchema,
  ReportCollection: reportCollectionSchema,
  Page: pageSchema,
  PageSpeed: jobPageSpeedSchema,
  PageSpeedAudit: pageSpeedAuditSchema,
  Changelog: changelogSchema,
  ChangelogEntry: changelogEntrySchema,
  StoreSummary: storeSummarySchema,
  StoreListItem: storeListItemSchema,
  StoreList: storeListSchema,
  StorePage: storePageSchema,
  PriceDistribution: priceDistributionSchema,
  App: directoryAppSchema,
  AppList: appListSchema,
  AppDetail: appDetailSchema,
  ApiKey: apiKeySchema,
  ApiKeyList: apiKeyListSchema,
  CreatedApiKey: createdApiKeySchema,
  RevokedApiKey: revokedApiKeySchema,
  SignUpResult: signUpResponseSchema,
  Message: messageResponseSchema,
  BillingSummary: billingSummarySchema,
  CheckoutSession: checkoutSessionSchema,
  PortalSession: portalSessionSchema,
  WebhookReceipt: webhookReceiptSchema,
  ChatAnswer: chatAnswerSchema,
  BlogPostSummary: blogPostSummarySchema,
  BlogPost: blogPostSchema,
  BlogPostList: blogPostListSchema,
  TrackedStore: trackedStoreSchema,
  TrackedStoreList: trackedStoreListSchema,
  TrackShopResult: trackStoreResultSchema,
  UntrackStoreResult: untrackStoreResultSchema,
  StoreAnalytics: storeAnalyticsSchema,
  HeatGraph: heatGraphSchema,
  InventorySummary: inventorySummarySchema,
  InventoryEvent: inventoryEventSchema,
  InventoryEventList: inventoryEventListSchema,
  ProductInventory: productInventorySchema,
  SalesValue: salesValueSchema,
  PriceHistory: priceHistorySchema,
  CatalogEvent: catalogEventSchema,
  CatalogEventPage: catalogEventPageSchema,
  SnapshotComparison: snapshotComparisonSchema,
  FreeExport: freeExportJsonSchema,
  TechnologyExport: technologyExportJsonSchema,
  List: listSchema,
  ListDetail: listDetailSchema,
};
