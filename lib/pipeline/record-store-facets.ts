import type { Transaction } from "@/db";
import type { Job } from "@/db/schema";
import { recordDetectedApps } from "@/lib/apps/record-detected-apps";
import type { ReportMetadata } from "@/lib/reports/schemas";
import { recordStoreTechnologies } from "@/lib/store-directory/record-store-technologies";
import { storeTechnologiesOf } from "@/lib/store-directory/store-technologies";
import { catalogThemeName } from "@/lib/store-directory/theme-name";

/**
 * Every directory facet of the store (its apps, theme, tag kinds, languages, markets and agent
 * endpoints) as this analysis's report found them, replacing what the previous analysis left.
 * Called only by the transaction that completes the job, so the directory describes the store's
 * latest completed analysis: a store that removed an app is no longer listed under it, and a
 * failed job files the store under nothing.
 */
export async function recordStoreFacets(
  tx: Transaction,
  job: Pick<Job, "id" | "storeId">,
  metadata: ReportMetadata,
  at: Date,
): Promise<void> {
  await recordStoreTechnologies(tx, job.storeId, {
    // The catalog's name, not the merchant's for its copy: the directory groups stores by it.
    themeName: catalogThemeName(metadata.theme.value),
    technologies: storeTechnologiesOf(metadata),
  });
  await recordDetectedApps(tx, { storeId: job.storeId, jobId: job.id, at }, metadata.apps.value);
}
