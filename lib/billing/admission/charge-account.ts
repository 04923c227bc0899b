import { eq } from "drizzle-orm";
import type { Transaction } from "@/db";
import { users } from "@/db/schema";
import { spendJobCredit } from "@/lib/auth/job-credits";
import { ApiError } from "@/lib/http/errors";
import { getEnv } from "@/lib/env";
import type { JobCharge } from "./job-charge";
import { FREE_PLAN_METHOD, getFreeUsage } from "./quota";
import type { PlanLimitReachedBody } from "@/lib/jobs/schemas";

/**
 * What pays for a job submitted by an account (session, API key or bearer), decided under a
 * row lock on the user in the transaction that inserts the job, so concurrent submissions
 * are counted one after another: Pro → unlimited; Free quota left → counted against it;
 * else a single_report credit is spent; else 402 plan_limit_reached.
 */
export function chargeAccount(userId: string, purpose: "job" | "tracking" = "job"): JobCharge {
  return {
    async take(tx: Transaction) {
      const [user] = await tx.select({ plan: users.plan, credits: users.jobCredits }).from(users).where(eq(users.id, userId)).for("update");
      if (!user) throw new ApiError("unauthorized", "This account no longer exists");
      if (user.plan === "pro_monthly") return { paymentMethod: "subscription" };

      const usage = await getFreeUsage(tx, userId);
      if (usage.used < usage.limit) return { paymentMethod: FREE_PLAN_METHOD };

      if (user.credits > 0) {
        await spendJobCredit(tx, userId);

        return { paymentMethod: "credit" };
      }

      throw planLimitReached(usage.used, usage.limit, usage.resetsAt, purpose);
    },
  };
}

function planLimitReached(used: number, limit: number, resetsAt: Date, purpose: "job" | "tracking"): ApiError {
  const pricing = new URL("/pricing", getEnv().BASE_URL).toString();
  const lead = purpose === "tracking" ? "Tracking this store starts with its first analysis, and this account has no job left. " : "";

  return new ApiError(
    "plan_limit_reached",
    `${lead}The Free plan includes ${limit} jobs per calendar month (UTC) and ${used} have been used. ` +
      `Buy a single report or upgrade to Pro at ${pricing}, or wait until ${resetsAt.toISOString()}.`,
    {
      extra: { plan: "free", limit, used, resets_at: resetsAt.toISOString(), upgrade_url: pricing } satisfies Omit<
        PlanLimitReachedBody,
        "error" | "code"
      >,
    },
  );
}
