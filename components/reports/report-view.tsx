import { AgentReadinessSection } from "./agent-readiness-section";
import { ChangelogSection } from "./changelog-section";
import { CollectionsSection } from "./collections-section";
import { CrawlSection } from "./crawl-section";
import { HistorySection } from "./history-section";
import type { ReportView as ReportViewData } from "@/lib/report-view/load-report-view";
import { MarketingSection } from "./marketing-section";
import { OverviewSection } from "./overview-section";
import { PagesSection } from "./pages-section";
import { PagespeedSection } from "./pagespeed-section";
import type { ProductListing, ProductListingQuery } from "@/lib/reports/list-report-products";
import { ProductsTable } from "./products-table";
import { ReportActions, type ReportViewer } from "./report-actions";
import { ReportHeader, reportCurrency, reportTitle } from "./report-header";
import { ReportSection } from "./report-section";
import { StoreDetailsSection } from "./store-details-section";
import { MarketsSection } from "./markets-section";
import { SocialsSection } from "./socials-section";
import { StoreScreenshotsSection } from "./store-screenshots-section";
import { ThemeAppsSection } from "./theme-apps-section";
import { formatCount } from "@/components/ui/format";

/** The whole report, server-rendered; only the products search box and the actions run in the browser. */
export function ReportView({
  view,
  viewer,
  shareUrl,
  productQuery,
  productListing,
}: {
  view: ReportViewData;
  viewer: ReportViewer;
  /** The report's own address, for sharing. */
  shareUrl: string;
  productQuery: ProductListingQuery;
  productListing: ProductListing;
}) {
  const domain = view.job.domain;
  const currency = reportCurrency(view);

  return (
    <article className="space-y-6">
      <ReportHeader view={view} actions={<ReportActions view={view} viewer={viewer} shareUrl={shareUrl} title={reportTitle(view)} />} />
      <StoreScreenshotsSection jobId={view.job.id} domain={domain} render={view.findings.render} />
      <OverviewSection summary={view.summary} currency={currency} />
      <ReportSection id="products" title="Products" aside={`${formatCount(productListing.catalogTotal)} in this report`}>
        <ProductsTable
          listing={productListing}
          query={productQuery}
          basePath={`/reports/${view.job.id}`}
          domain={domain}
          currency={currency}
        />
      </ReportSection>
      <CollectionsSection collections={view.collections} domain={domain} />
      <PagesSection pages={view.pages} domain={domain} />
      <StoreDetailsSection metadata={view.metadata} findings={view.findings} />
      <SocialsSection socials={view.findings.socials} />
      <MarketsSection markets={view.findings.markets} shipsTo={view.metadata.ships_to_countries} />
      <ThemeAppsSection theme={view.findings.theme} apps={view.findings.apps} unidentified={view.findings.unidentified_apps} />
      <MarketingSection marketing={view.findings.marketing} />
      <PagespeedSection audits={view.pagespeed} />
      <CrawlSection crawl={view.findings.crawl} />
      <AgentReadinessSection readiness={view.findings.agent_readiness} />
      <HistorySection history={view.history} storeSlug={view.store.slug} completedAt={view.job.completed_at} />
      <ChangelogSection jobId={view.job.id} changelog={view.changelog} />
    </article>
  );
}
