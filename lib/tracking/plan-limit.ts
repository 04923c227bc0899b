import { trackedShopsAllowed } from "@/lib/billing/plans";

/** How many shops this user may track: the plan's allowance, as billing defines it. */
export function trackedShopLimit(user: { plan: string }): number {
  return trackedShopsAllowed(user.plan);
}
