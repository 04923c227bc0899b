import Link from "next/link";
import { formatCountry, formatDate, plural } from "@/components/ui/format";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

/** Name, what the store is, when we looked, and what a visitor can do next. */
export function StoreHeader({ data, signedIn = false }: { data: StorePageData; signedIn?: boolean }) {
  const { store } = data;
  const analyze = `/?domain=${encodeURIComponent(store.domain)}`;

  return (
    <header className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/" className="hover:underline">
          StoreLens
        </Link>{" "}
        ›{" "}
        <Link href="/stores" className="hover:underline">
          Stores
        </Link>{" "}
        › <span className="text-slate-700">{store.name ?? store.domain}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{store.name ?? store.domain}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{data.seo.description}</p>
      <p className="mt-3 text-sm text-slate-500">
        <a href={`https://${store.domain}`} rel="nofollow noopener" className="text-indigo-700 underline">
          {store.domain}
        </a>
        {" · "}
        {plural(data.summary.product_count, "product")} · {plural(data.summary.collection_count, "collection")}
        {store.currency ? ` · ${store.currency}` : ""}
        {store.country ? ` · ${formatCountry(store.country)}` : ""}
      </p>
      <p className="mt-1 text-sm text-slate-500">
        Analyzed <time dateTime={data.analyzed_at ?? undefined}>{formatDate(data.analyzed_at, true)}</time>
        {data.first_analyzed_at && data.first_analyzed_at !== data.analyzed_at
          ? ` · first analyzed ${formatDate(data.first_analyzed_at)}`
          : ""}
      </p>
      <div className="mt-4 flex flex-wrap gap-3 text-sm">
        <Link
          href={`/reports/${data.latest_job_id}`}
          className="rounded-lg bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-700"
        >
          Full report
        </Link>
        {/* Analyzing needs an account: a signed-out visitor is told so before the click, and lands where
            the home page's form sends one (the dashboard, the domain filled in) once signed in. */}
        <Link
          href={signedIn ? analyze : `/sign-in?callbackUrl=${encodeURIComponent(`/dashboard?domain=${encodeURIComponent(store.domain)}`)}`}
          className="rounded-lg px-3 py-2 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
        >
          {signedIn ? "Analyze again" : "Sign in to analyze again"}
        </Link>
        <a href={data.export_urls.csv} className="rounded-lg px-3 py-2 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
          Products (Shopify CSV)
        </a>
        <a href={data.export_urls.json} className="rounded-lg px-3 py-2 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
          Products (JSON)
        </a>
        <a
          href={`/api/stores/${store.slug}/export?format=csv`}
          className="rounded-lg px-3 py-2 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
        >
          Technologies (CSV)
        </a>
      </div>
    </header>
  );
}
