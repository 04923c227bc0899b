import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { stores } from "@/db/schema";
import { announceAnswerChanges, storeTopic } from "@/lib/answer-changes/answer-events";
import type { StoreTechnologies } from "./store-technologies";

/**
 * The technologies on the store's row (its theme; the tag kinds, languages, markets and agent
 * endpoints the directory filters by) as one completed analysis's report names them, replacing
 * the previous analysis's. Written in the transaction that completes the analysis
 * (recordStoreFacets, lib/pipeline/record-store-facets.ts), before recordStoreAnalysis, whose
 * returned row the report's store facts are taken from.
 */
export async function recordStoreTechnologies(
  db: DbOrTx,
  storeId: string,
  found: { themeName: string | null; technologies: StoreTechnologies },
): Promise<void> {
  const { themeName, technologies } = found;
  const [store] = await db
    .update(stores)
    .set({
      themeName,
      tagKinds: technologies.tags,
      languages: technologies.languages,
      markets: technologies.markets,
      agentReadiness: technologies.agent,
    })
    .where(eq(stores.id, storeId))
    .returning({ slug: stores.slug });
  if (store) await announceAnswerChanges(db, [storeTopic(store.slug)]);
}
