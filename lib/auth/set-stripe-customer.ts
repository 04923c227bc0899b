import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";

/** Records the user's Stripe customer unless one is already recorded (the first one stays). */
export async function setStripeCustomer(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
}
