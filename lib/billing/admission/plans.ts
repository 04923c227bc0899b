import { getEnv } from "@/lib/env";

import { PLAN_NAMES, type PlanId } from "./plan-ids";

// Plan state lives in our database; only verified Stripe events change it.
export { PLAN_IDS, PLAN_NAMES, PURCHASABLE_PLANS, planName, type PlanId, type PurchasablePlan } from "./plan-ids";

/** Tracked stores a Pro user may keep. */
export const PRO_TRACKED_SHOPS_LIMIT = 50;
/** Tracked stores on Free (and with single_report credits, which are one-off reports). */
export const FREE_TRACKED_SHOPS_LIMIT = 1;

/** How many shops a user on `plan` may track (users.plan, set only by verified Stripe events). */
export function trackedStoresAllowed(plan: string): number {
  return plan === "pro_monthly" ? PRO_TRACKED_SHOPS_LIMIT : FREE_TRACKED_SHOPS_LIMIT;
}

/**
 * Subscription statuses that keep Pro. `past_due` keeps it while Stripe retries the card
 * (an `invoice.payment_failed` is not yet a cancellation); `unpaid`, `canceled` and the
 * `incomplete*` states do not.
 */
export const PRO_STATUSES = ["active", "trialing", "past_due"] as const;

export function isProStatus(status: string): boolean {
  return (PRO_STATUSES as readonly string[]).includes(status);
}

export type PlanDescription = {
  id: PlanId;
  name: string;
  price_usd: string;
  interval: "month" | "once" | null;
  summary: string;
  features: string[];
};

/** What each plan gives, for /pricing and the Billing tab (prices from settings). */
export function describePlans(): PlanDescription[] {
  const env = getEnv();

  return [
    {
      id: "free",
      name: PLAN_NAMES.free,
      price_usd: "0",
      interval: null,
      summary: `${env.FREE_JOBS_PER_MONTH} store analyses per calendar month`,
      features: [
        `${env.FREE_JOBS_PER_MONTH} jobs per month (UTC), by dashboard, API key or bearer token`,
        "Full public reports, webhooks and e-mail notifications",
        "API keys for scripts and CI",
      ],
    },
    {
      id: "single_report",
      name: PLAN_NAMES.single_report,
      price_usd: env.SINGLE_REPORT_PRICE_USD,
      interval: "once",
      summary: "One store analysis, no account needed",
      features: [
        "Pay once for one full report of any store",
        "No account needed: the report link is your receipt",
        "Signed in without a store: one job credit that never expires",
      ],
    },
    {
      id: "pro_monthly",
      name: PLAN_NAMES.pro_monthly,
      price_usd: env.PRO_MONTHLY_PRICE_USD,
      interval: "month",
      summary: "Unlimited analyses and shop tracking",
      features: [
        "Unlimited jobs (a few run at once, the rest queue)",
        `Track up to ${PRO_TRACKED_SHOPS_LIMIT} shops with inventory analytics and snapshot compare`,
        "Manage or cancel any time in the billing portal",
      ],
    },
  ];
}

/** Amount in cents of a USD setting such as "9.99", without floating point. */
export function usdToCents(usd: string): number {
  const [whole = "0", fraction = ""] = usd.split(".");

  return Number(whole) * 100 + Number((fraction + "00").slice(0, 2));
}
