/** What a plan allows of saved lists (lib/lists): how many, and how many stores each follows. */
export type ListLimits = { lists: number; storesPerList: number };

/** Free (and single_report credits): enough to try a segment and a short list. */
export const FREE_LIST_LIMITS: ListLimits = { lists: 3, storesPerList: 100 };
/** Pro: lists as a working tool. A segment beyond the store cap is still saved; its changes follow the first stores of its order. */
export const PRO_LIST_LIMITS: ListLimits = { lists: 100, storesPerList: 5_000 };

/** The list allowance of a user on `plan` (users.plan, set only by verified Stripe events). */
export function listLimitsFor(plan: string): ListLimits {
  return plan === "pro_monthly" ? PRO_LIST_LIMITS : FREE_LIST_LIMITS;
}
