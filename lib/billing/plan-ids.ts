// Dependency-free (shared with the browser bundle): the plan names of the contract.

export const PLAN_IDS = ["free", "single_report", "pro_monthly"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Plans a card can buy (Stripe Checkout). */
export const PURCHASABLE_PLANS = ["single_report", "pro_monthly"] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];
