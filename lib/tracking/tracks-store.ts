import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { trackedStores } from "@/db/schema";

/** Whether the user tracks the store: what makes its inventory and comparisons theirs to read. */
export async function tracksStore(userId: string, storeId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: trackedStores.id })
    .from(trackedStores)
    .where(and(eq(trackedStores.userId, userId), eq(trackedStores.storeId, storeId)))
    .limit(1);

  return Boolean(row);
}
