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

/**
 * What pays for each of `count` jobs an account submits at once (a batch), decided together under
 * the same row lock: Pro pays all; otherwise the Free quota left, then credits, must cover every
 * job, or none is charged and the answer is 402 plan_limit_reached (all or nothing). The methods
 * come in the order the jobs are inserted; the credits they name are spent here.
 */
export async function chargeAccountForMany(tx: Transaction, userId: string, count: number): Promise<string[]> {
  const [user] = await tx.select({ plan: users.plan, credits: users.jobCredits }).from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw new ApiError("unauthorized", "This account no longer exists");
  if (user.plan === "pro_monthly") return Array<string>(count).fill("subscription");

  const usage = await getFreeUsage(tx, userId);
  const quotaLeft = Math.max(usage.limit - usage.used, 0);
  if (quotaLeft + user.credits < count) {
    throw planLimitReached(usage.used, usage.limit, usage.resetsAt, { batch: count, credits: user.credits });
  }
  const fromQuota = Math.min(quotaLeft, count);
  for (let i = fromQuota; i < count; i++) await spendJobCredit(tx, userId);

  return [...Array<string>(fromQuota).fill(FREE_PLAN_METHOD), ...Array<string>(count - fromQuota).fill("credit")];
}

function planLimitReached(
  used: number,
  limit: number,
  resetsAt: Date,
  purpose: "job" | "tracking" | { batch: number; credits: number },
): ApiError {
  const pricing = new URL("/pricing", getEnv().BASE_URL).toString();
  const lead =
    purpose === "tracking"
      ? "Tracking this store starts with its first analysis, and this account has no job left. "
      : typeof purpose === "object"
        ? `This batch needs ${purpose.batch} jobs and this account has ${Math.max(limit - used, 0) + purpose.credits} left (nothing was started). `
        : "";

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
