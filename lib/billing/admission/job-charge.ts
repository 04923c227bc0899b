import type { Transaction } from "@/db";
import type { Job } from "@/db/schema";

/**
 * What pays for a job, settled inside the transaction that writes it: `take` runs before the
 * job row is inserted (it may lock, count, spend, or throw to refuse), `link` once the row exists.
 */
export type JobCharge = {
  take(tx: Transaction): Promise<{ paymentMethod: string; paymentRef?: string }>;
  link?(tx: Transaction, job: Job): Promise<void>;
};
