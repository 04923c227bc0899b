import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";

/** Spends one of the user's job credits, inside the caller's transaction (which checked there is one). */
export async function spendJobCredit(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ jobCredits: sql`${users.jobCredits} - 1` })
    .where(eq(users.id, userId));
}

/** Grants the user one job credit (a paid single report bought without a store), inside the caller's transaction. */
export async function grantJobCredit(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ jobCredits: sql`${users.jobCredits} + 1` })
    .where(eq(users.id, userId));
}
