import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { apiKeys } from "@/db/schema";

/** Revokes every live key of a user at `at`, inside the caller's transaction. */
export async function revokeUserApiKeys(tx: DbOrTx, userId: string, at: Date): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}
