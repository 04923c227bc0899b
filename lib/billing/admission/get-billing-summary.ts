import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { subscriptions, users } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { BillingSummary } from "../schemas";
import { getFreeUsage } from "./quota";

/** The caller's plan, this month's Free usage, credits and subscription (Billing tab, GET /api/billing). */
export async function getBillingSummary(userId: string): Promise<BillingSummary> {
  const db = getDb();
  const [user] = await db
    .select({ plan: users.plan, credits: users.jobCredits, customer: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound("User");
  const [subscription] = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1);
  const usage = await getFreeUsage(db, userId);
  const isPro = user.plan === "pro_monthly";

  return {
    plan: isPro ? "pro_monthly" : "free",
    usage: { used: usage.used, limit: isPro ? null : usage.limit, resets_at: usage.resetsAt.toISOString() },
    credits: user.credits,
    subscription: subscription
      ? { status: subscription.status, current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null }
      : null,
    can_manage_subscription: Boolean(user.customer),
  };
}
