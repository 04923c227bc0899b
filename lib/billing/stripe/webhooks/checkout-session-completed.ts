import { and, eq } from "drizzle-orm";
import { payments } from "@/db/schema";
import { grantJobCredit } from "@/lib/auth/job-credits";
import { logger } from "@/lib/log";
import { startPaidReport } from "../start-paid-report";
import { checkoutSessionObject } from "../objects";
import { findUserForCustomer } from "../subscription-state";
import type { StripeEventHandler } from "./types";

const PAID = new Set(["paid", "no_payment_required"]);

/**
 * A Checkout Session completed. single_report: the payment row goes pending → paid exactly
 * once (that transition is what credits), then either the job for its store starts (after
 * commit) or the buyer's account gets one credit. pro_monthly: the customer is linked; the
 * plan itself follows the customer.subscription.* events.
 */
export const checkoutSessionCompleted: StripeEventHandler = {
  async apply(tx, event) {
    const session = checkoutSessionObject.parse(event.data.object);
    if (!PAID.has(session.payment_status)) return; // async payment methods settle later

    const plan = session.metadata.plan === "pro_monthly" ? "pro_monthly" : "single_report";
    const userId = session.customer
      ? await findUserForCustomer(tx, session.customer, session.metadata.userId ?? session.client_reference_id ?? undefined)
      : (session.metadata.userId ?? null);

    // Sessions are recorded when created; one created elsewhere is recorded from its metadata.
    await tx
      .insert(payments)
      .values({
        stripeCheckoutSessionId: session.id,
        userId,
        plan,
        amountCents: 0,
        domain: session.metadata.domain ?? null,
      })
      .onConflictDoNothing();
    const [paid] = await tx
      .update(payments)
      .set({ status: "paid", stripePaymentIntentId: session.payment_intent ?? null, updatedAt: new Date() })
      .where(and(eq(payments.stripeCheckoutSessionId, session.id), eq(payments.status, "pending")))
      .returning();
    if (!paid) return;

    if (paid.plan === "single_report" && !paid.domain) {
      if (!paid.userId) {
        logger.error("stripe: paid single_report with neither store nor account", { session: session.id });

        return;
      }
      await grantJobCredit(tx, paid.userId);
    }
  },

  async afterCommit(event) {
    const session = checkoutSessionObject.parse(event.data.object);
    if (PAID.has(session.payment_status)) await startPaidReport(session.id);
  },
};
