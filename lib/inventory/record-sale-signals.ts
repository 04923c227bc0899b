import type { DbOrTx } from "@/db";
import { productSaleSignals } from "@/db/schema";

export type SaleSignalRow = typeof productSaleSignals.$inferInsert;

/** Products whose updated_at moved where quantities are hidden, inside the caller's transaction. */
export async function recordSaleSignals(tx: DbOrTx, signals: SaleSignalRow[]): Promise<void> {
  if (signals.length === 0) return;
  await tx.insert(productSaleSignals).values(signals);
}
