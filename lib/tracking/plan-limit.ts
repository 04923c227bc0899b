import { trackedStoresAllowed } from "@/lib/billing/admission/plans";

/** How many shops this user may track: the plan's allowance, as billing defines it. */
export function trackedStoreLimit(user: { plan: string }): number {
  return trackedStoresAllowed(user.plan);
}
