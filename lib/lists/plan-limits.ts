import { getEnv } from "@/lib/env";
import { listLimitsFor } from "@/lib/billing/admission/list-limits";
import { planName } from "@/lib/billing/admission/plans";
import { ApiError } from "@/lib/http/errors";

export type ListOwner = { id: string; plan: string };

/** 402 with the plan's figures, like a tracked-store limit: the caller can tell which limit and where to raise it. */
export function listLimitReached(owner: ListOwner, reason: "list_limit" | "list_store_limit", used: number): ApiError {
  const limits = listLimitsFor(owner.plan);
  const limit = reason === "list_limit" ? limits.lists : limits.storesPerList;
  const pricing = new URL("/pricing", getEnv().BASE_URL).toString();
  const what = reason === "list_limit" ? `${limit} saved lists` : `${limit} stores in a list`;

  return new ApiError("payment_required", `Your ${planName(owner.plan)} plan allows ${what}; upgrade to Pro at ${pricing} for more`, {
    status: 402,
    extra: { reason, plan: owner.plan, limit, used, upgrade_url: pricing },
  });
}
