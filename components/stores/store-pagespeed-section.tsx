import { PagespeedSection } from "@/components/reports/pagespeed-section";
import { pagespeedMetricsSchema } from "@/lib/report-view/schemas";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

/** The report's PageSpeed cards, fed from the store page data (metrics parsed, unreadable ones dropped). */
export function StorePagespeedSection({ audits }: { audits: StorePageData["pagespeed"] }) {
  const parsed = audits.map((audit) => ({ ...audit, metrics: pagespeedMetricsSchema.nullable().catch(null).parse(audit.metrics) }));

  return <PagespeedSection audits={parsed} />;
}
