import type { Store } from "@/db/schema";
import { siteUrl } from "@/lib/site-url";
import { storeFactsOf, storeSummaryOf } from "@/lib/store-directory/serialize-store";
import type { StoreSummary } from "@/lib/store-directory/schemas";
import type { FoundReport } from "./find-report";
import { reportStoreFactsSchema, type ReportStoreFacts } from "./schemas";

/**
 * The facts the completing transaction records on the report: the store's row as this job
 * has just left it, and the site's address now.
 */
export function storeFactsAtCompletion(store: Store): ReportStoreFacts {
  return { ...storeFactsOf(store), base_url: siteUrl() };
}

/**
 * What a report says about its store, and the site's address its links use: the facts recorded
 * when its job completed (docs/decisions.md §5.2). A row without them was written outside the
 * pipeline (fixtures) and reads the store's row as it is.
 */
export function reportStoreView({ report, store }: Pick<FoundReport, "report" | "store">): { store: StoreSummary; base: string } {
  if (report.storeFacts === null) return { store: storeSummaryOf(storeFactsOf(store)), base: siteUrl() };
  const facts = reportStoreFactsSchema.parse(report.storeFacts);
  const base = facts.base_url ?? siteUrl();

  return { store: storeSummaryOf(facts, base), base };
}
