import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound } from "@/lib/http/or-not-found";
import { formatCount, plural } from "@/components/ui/format";
import { AppHistorySection } from "@/components/history/app-history-section";
import { MarketReportView } from "@/components/market/market-report-view";
import { StoresRunning } from "@/components/market/stores-running";
import { getApp } from "@/lib/apps/app-directory";
import { listAppHistory } from "@/lib/history/app-history";
import { appCategoryLabel } from "@/lib/apps/category-labels";
import { siteUrl } from "@/lib/site-url";

export const dynamic = "force-dynamic";

const load = (name: string) => orNotFound(getApp(name));

export async function generateMetadata(props: PageProps<"/apps/[name]">): Promise<Metadata> {
  const app = await load((await props.params).name);

  return {
    title: `${app.name} — Shopify app`,
    description: `${app.name} (${appCategoryLabel(app.category)}) on analyzed Shopify stores: ${formatCount(app.market.stores_now)} running it, installs and removals by week, the apps installed with it, its share of its category, countries and themes.`,
    // The page also answers to the app's name; the slug URL is the canonical one.
    alternates: { canonical: `${siteUrl()}/apps/${app.slug}` },
  };
}

export default async function AppPage(props: PageProps<"/apps/[name]">) {
  const app = await load((await props.params).name);
  const weeks = await listAppHistory(app.slug);

  return (
    <article className="space-y-6">
      <header>
        <div className="flex items-center gap-3">
          {app.icon_url ? (
            // eslint-disable-next-line @next/next/no-img-element -- the App Store's own image host; next/image would fetch it through our server
            <img
              src={app.icon_url}
              alt=""
              width={48}
              height={48}
              referrerPolicy="no-referrer"
              className="h-12 w-12 shrink-0 rounded-lg ring-1 ring-slate-200"
            />
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight">{app.name}</h1>
        </div>
        <p className="text-slate-600">{app.description}</p>
        <p className="mt-2 text-sm text-slate-600">
          <Link href={`/apps?category=${app.category}`} className="text-indigo-700 underline">
            {appCategoryLabel(app.category)}
          </Link>{" "}
          · seen on {plural(app.stores, "analyzed store")}
          {app.app_store_url ? (
            <>
              {" · "}
              <a href={app.app_store_url} rel="nofollow noopener" className="text-indigo-700 underline">
                Shopify App Store
              </a>
            </>
          ) : null}
          {app.website && app.website !== app.app_store_url ? (
            <>
              {" · "}
              <a href={app.website} rel="nofollow noopener" className="text-indigo-700 underline">
                website
              </a>
            </>
          ) : null}
        </p>
      </header>
      <MarketReportView
        name={app.name}
        report={app.market}
        segment={`/stores?app=${app.slug}`}
        words={{ adopted: "Installed", dropped: "Removed", withIt: "Apps most often installed with it" }}
      />
      <StoresRunning name={app.name} stores={app.recent_stores} />
      <AppHistorySection appName={app.name} weeks={weeks} />
    </article>
  );
}
