import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { trackedShops } from "@/db/schema";

/** Whether the user tracks the store: what makes its inventory and comparisons theirs to read. */
export async function tracksStore(userId: string, storeId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: trackedShops.id })
    .from(trackedShops)
    .where(and(eq(trackedShops.userId, userId), eq(trackedShops.storeId, storeId)))
    .limit(1);

  return Boolean(row);
}
