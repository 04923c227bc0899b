import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";

/** Sets the user's plan, inside the caller's transaction (the one that applied the subscription). */
export async function setUserPlan(tx: DbOrTx, userId: string, plan: "free" | "pro_monthly"): Promise<void> {
  await tx.update(users).set({ plan }).where(eq(users.id, userId));
}
