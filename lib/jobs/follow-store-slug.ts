import { and, eq, inArray, ne } from "drizzle-orm";
import type { Transaction } from "@/db";
import { jobs } from "@/db/schema";

/**
 * The jobs of a store whose slug changed carry the new one (docs/decisions.md §6.2); a completed
 * job never changes. A job another transaction holds is skipped rather than waited for: that is
 * a job completing right now, and its own completion copies its store's slug (build-report),
 * so two stores completing at once never wait on each other's rows.
 */
export async function followStoreSlug(tx: Transaction, storeId: string, slug: string): Promise<void> {
  const open = tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.storeId, storeId), ne(jobs.status, "completed"), ne(jobs.slug, slug)))
    .for("update", { skipLocked: true });
  await tx.update(jobs).set({ slug }).where(inArray(jobs.id, open));
}
