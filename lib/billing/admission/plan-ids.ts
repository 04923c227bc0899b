// Dependency-free (shared with the browser bundle): the plan names of the contract.

export const PLAN_IDS = ["free", "single_report", "pro_monthly"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a person reads for each plan: its id is for the API, never for a page or a message. */
export const PLAN_NAMES: Record<PlanId, string> = { free: "Free", single_report: "Single report", pro_monthly: "Pro" };

/** A plan's name for people ("Pro" for pro_monthly); an id this build does not know is shown as it is. */
export function planName(id: string): string {
  return (PLAN_NAMES as Record<string, string>)[id] ?? id;
}

/** Plans a card can buy (Stripe Checkout). */
export const PURCHASABLE_PLANS = ["single_report", "pro_monthly"] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];
