import type { ReactNode } from "react";
import { JsonLd } from "@/components/seo/json-ld";
import type { StoreTimeline } from "@/lib/history/schemas";
import type { StorePageData } from "@/lib/store-directory/get-store-page";
import { PriceSection } from "./price-section";
import { StoreCollectionsSection } from "./store-collections-section";
import { StoreHeader } from "./store-header";
import { StoreHistorySection } from "./store-history-section";
import { StorePagespeedSection } from "./store-pagespeed-section";
import { StoreProductsSection } from "./store-products-section";
import { StoreReportsSection } from "./store-reports-section";
import { StoreScreenshot } from "./store-screenshot";
import { StoreStackSection } from "./store-stack-section";
import { StoreStorefrontSection } from "./store-storefront-section";
import { StoreSummarySection } from "./store-summary-section";

/**
 * The public store page, section by section. `aside` takes a panel (e.g. a chat about the
 * store) shown beside the sections on wide screens and after them on narrow ones.
 */
export function StorePageView({
  data,
  timeline,
  aside,
  signedIn = false,
}: {
  data: StorePageData;
  timeline?: StoreTimeline;
  aside?: ReactNode;
  /** Whether "Analyze again" can work for this reader (it needs an account). */
  signedIn?: boolean;
}) {
  return (
    <article className="space-y-6">
      <JsonLd data={data.seo.json_ld} />
      <StoreHeader data={data} signedIn={signedIn} />
      <div className={aside ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" : undefined}>
        <div className="space-y-6">
          <StoreScreenshot data={data} />
          <StoreSummarySection data={data} />
          <PriceSection prices={data.prices} />
          <StoreStackSection data={data} />
          <StoreStorefrontSection data={data} />
          <StoreProductsSection data={data} />
          <StoreCollectionsSection data={data} />
          <StorePagespeedSection audits={data.pagespeed} />
          {timeline ? <StoreHistorySection timeline={timeline} /> : null}
          <StoreReportsSection data={data} />
        </div>
        {aside ? <aside className="space-y-6">{aside}</aside> : null}
      </div>
    </article>
  );
}
