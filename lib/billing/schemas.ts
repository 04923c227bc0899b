import { z } from "zod";
import { PLAN_IDS, PURCHASABLE_PLANS } from "./admission/plan-ids";

// Request and response shapes of the billing API: validation, types and OpenAPI from one place.

export const createCheckoutBodySchema = z.object({
  plan: z.enum(PURCHASABLE_PLANS),
  /** single_report: the store to analyze once paid (required without an account). */
  domain: z.string().trim().min(1).max(300).optional(),
});
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const checkoutSessionSchema = z.object({
  id: z.string().describe("Stripe Checkout Session id (cs_…); a single_report's report is GET /api/reports/{id}"),
  url: z.url().describe("Where to send the buyer to pay"),
  plan: z.enum(PURCHASABLE_PLANS),
  report_url: z.url().nullable().describe("single_report for a store: the page that shows the report once paid"),
});

export const portalSessionSchema = z.object({ url: z.url() });

export const billingSummarySchema = z.object({
  plan: z.enum(PLAN_IDS).exclude(["single_report"]),
  usage: z.object({
    used: z.number().int(),
    limit: z.number().int().nullable().describe("null on Pro (unlimited)"),
    resets_at: z.string(),
  }),
  credits: z.number().int().describe("single_report job credits left"),
  subscription: z.object({ status: z.string(), current_period_end: z.string().nullable() }).nullable(),
  can_manage_subscription: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  ignored: z.boolean(),
});

/** 402 of POST /api/shops when the plan's tracked stores are all taken. */
export const trackedStoreLimitBodySchema = z.object({
  error: z.string(),
  code: z.literal("payment_required"),
  reason: z.literal("tracked_shop_limit"),
  plan: z.string(),
  limit: z.number().int(),
  tracked: z.number().int(),
  upgrade_url: z.url().describe("The pricing page, where Pro raises the limit"),
});
export type TrackedStoreLimitBody = z.infer<typeof trackedStoreLimitBodySchema>;
