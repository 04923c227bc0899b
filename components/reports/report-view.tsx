import { Fragment, type ReactNode } from "react";
import { AgentReadinessSection } from "./agent-readiness-section";
import { ChangelogSection } from "./changelog-section";
import { CollectionsSection } from "./collections-section";
import { AboutSection } from "./about-section";
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
import { ReportNav } from "./report-nav";
import { ReportSection } from "./report-section";
import { StoreDetailsSection } from "./store-details-section";
import { MarketsSection } from "./markets-section";
import { SocialsSection } from "./socials-section";
import { StoreScreenshotsSection } from "./store-screenshots-section";
import { ThemeAppsSection } from "./theme-apps-section";
import { formatCount } from "@/components/ui/format";

const REPORT_TOP = "report";
const CATALOG_SECTIONS = new Set(["overview", "products", "collections", "pages", "changes", "history"]);

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

  const { findings } = view;
  // Every section the page shows, in order; the navigation links exactly these.
  const sections: { id: string; label: string; node: ReactNode }[] = [
    findings.render
      ? { id: "store", label: "Store", node: <StoreScreenshotsSection jobId={view.job.id} domain={domain} render={findings.render} /> }
      : null,
    { id: "overview", label: "Catalog", node: <OverviewSection summary={view.summary} currency={currency} /> },
    {
      id: "theme-apps",
      label: "Theme & apps",
      node: <ThemeAppsSection theme={findings.theme} apps={findings.apps} unidentified={findings.unidentified_apps} />,
    },
    {
      id: "products",
      label: "Products",
      node: (
        <ReportSection id="products" title="Products" aside={`${formatCount(productListing.catalogTotal)} in this report`}>
          <ProductsTable
            listing={productListing}
            query={productQuery}
            basePath={`/reports/${view.job.id}`}
            domain={domain}
            currency={currency}
          />
        </ReportSection>
      ),
    },
    { id: "collections", label: "Collections", node: <CollectionsSection collections={view.collections} domain={domain} /> },
    { id: "pages", label: "Pages", node: <PagesSection pages={view.pages} domain={domain} /> },
    { id: "marketing", label: "Marketing", node: <MarketingSection marketing={findings.marketing} /> },
    findings.socials ? { id: "socials", label: "Socials", node: <SocialsSection socials={findings.socials} /> } : null,
    findings.markets
      ? { id: "markets", label: "Markets", node: <MarketsSection markets={findings.markets} shipsTo={view.metadata.ships_to_countries} /> }
      : null,
    { id: "details", label: "Details", node: <StoreDetailsSection metadata={view.metadata} findings={findings} /> },
    { id: "pagespeed", label: "PageSpeed", node: <PagespeedSection audits={view.pagespeed} /> },
    findings.agent_readiness
      ? { id: "agent-readiness", label: "AI agents", node: <AgentReadinessSection readiness={findings.agent_readiness} /> }
      : null,
    { id: "changes", label: "Changes", node: <ChangelogSection jobId={view.job.id} changelog={view.changelog} /> },
    {
      id: "history",
      label: "History",
      node: <HistorySection history={view.history} storeSlug={view.store.slug} completedAt={view.job.completed_at} />,
    },
    { id: "about", label: "About this analysis", node: <AboutSection crawl={findings.crawl} /> },
  ]
    .filter((section) => section !== null)
    // A sample built from a home page alone has no catalog, and no store to follow over time.
    .filter((section) => !view.sample || !CATALOG_SECTIONS.has(section.id));

  return (
    <article id={REPORT_TOP} className="scroll-mt-4 space-y-6">
      <ReportHeader view={view} actions={<ReportActions view={view} viewer={viewer} shareUrl={shareUrl} title={reportTitle(view)} />} />
      <ReportNav sections={sections} topId={REPORT_TOP} />
      {sections.map((section) => (
        <Fragment key={section.id}>{section.node}</Fragment>
      ))}
    </article>
  );
}
