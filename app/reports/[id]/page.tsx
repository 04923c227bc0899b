import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/billing/auto-refresh";
import { ChatPanel } from "@/components/chat/chat-panel";
import { LazyJobProgress } from "@/components/jobs/lazy-job-progress";
import { loadReportView } from "@/lib/report-view/load-report-view";
import { plural } from "@/components/ui/format";
import { reportTitle } from "@/components/reports/report-header";
import { ReportView } from "@/components/reports/report-view";
import { JsonLd } from "@/components/seo/json-ld";
import { findSessionUser } from "@/lib/auth/session-user";
import { isChatConfigured } from "@/lib/chat/chat-model";
import { listReportProducts, productListingQuerySchema } from "@/lib/reports/list-report-products";
import { buildReportJsonLd } from "@/lib/reports/report-json-ld";
import { siteUrl } from "@/lib/site-url";
import { tracksStore } from "@/lib/tracking";

type CompletedView = Extract<NonNullable<Awaited<ReturnType<typeof loadReportView>>>, { kind: "report" }>;

/** The report's own address, whichever id (slug, payment) the page was reached by. */
const canonicalOf = (view: CompletedView) => `${siteUrl()}/reports/${view.job.id}`;

export const dynamic = "force-dynamic";

export async function generateMetadata(props: PageProps<"/reports/[id]">): Promise<Metadata> {
  const { id } = await props.params;
  const view = await loadReportView(id);
  if (!view) return { title: "Report not found", robots: { index: false } };
  if (view.kind === "payment") return { title: "Confirming your payment", robots: { index: false } };
  if (view.kind === "job") {
    return {
      title: view.job.status === "failed" ? `Analysis of ${view.job.domain} failed` : `Analyzing ${view.job.domain}`,
      robots: { index: false },
    };
  }
  if (view.sample) {
    // A bundled capture, not a live store: never search content.
    return { title: `Sample report: ${reportTitle(view)} (captured from ${view.sample.capturedFrom})`, robots: { index: false } };
  }
  const count = view.summary.product_count ?? view.productCount;

  return {
    title: `${reportTitle(view)} (${view.job.domain}) — Shopify store report`,
    description: `${view.job.domain}: ${plural(count, "product")}, ${plural(view.collections.length, "collection")}, ${plural(view.pages.length, "page")}, theme, apps and PageSpeed, analyzed by StoreLens.`,
    // A report becomes public search content 30 days after it completes; before, only its
    // readers see it (docs/decisions.md §9.1: publication).
    robots: { index: view.publication.indexable, follow: true },
    ...(view.publication.indexable ? { alternates: { canonical: canonicalOf(view) } } : {}),
  };
}

export default async function ReportPage(props: PageProps<"/reports/[id]">) {
  const { id } = await props.params;
  const view = await loadReportView(id);
  if (!view) notFound();

  if (view.kind === "payment") {
    return (
      <section className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold tracking-tight">{view.domain ?? "Your report"}</h1>
        <p className="mt-1 text-sm text-slate-600" role="status">
          {view.status === "failed"
            ? "The payment did not go through, so no analysis was started."
            : "Waiting for the payment confirmation. The analysis starts as soon as it arrives; keep this page open or bookmark it."}
        </p>
        {view.status === "failed" ? null : <AutoRefresh />}
      </section>
    );
  }

  if (view.kind === "job") {
    return (
      <section className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold tracking-tight">{view.job.domain}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {view.job.status === "failed"
            ? "This analysis stopped before it could build a report."
            : "The report appears here as soon as the analysis completes. You can leave this page: the analysis goes on."}
        </p>
        <div className="mt-5">
          {/* Lazy: a completed report, which this module also renders, does not fetch the running job's view. */}
          <LazyJobProgress job={view.job} onCompleted="refresh" />
        </div>
      </section>
    );
  }

  const productQuery = productListingQuerySchema.parse(await props.searchParams);
  const [productListing, user] = await Promise.all([listReportProducts(view.job.id, productQuery), findSessionUser()]);
  // Who looks decides what they are offered: tracking and analyzing again need an account.
  const tracked = user?.id && view.current ? await tracksStore(user.id, view.current.storeId) : false;

  return (
    <div className="space-y-6">
      {view.sample ? null : (
        <JsonLd
          data={buildReportJsonLd({
            canonical: canonicalOf(view),
            name: reportTitle(view),
            domain: view.job.domain,
            storePage: view.store.url,
            completedAt: view.job.completed_at,
            publishedAt: view.publication.published_at,
            products: view.summary.product_count ?? view.productCount,
            collections: view.collections.length,
            pages: view.pages.length,
          })}
        />
      )}
      <ReportView
        view={view}
        viewer={{ signedIn: Boolean(user?.id), tracksStore: tracked }}
        shareUrl={canonicalOf(view)}
        productQuery={productQuery}
        productListing={productListing}
      />
      {isChatConfigured() && !view.sample && <ChatPanel store={view.job.slug} storeName={reportTitle(view)} />}
    </div>
  );
}
