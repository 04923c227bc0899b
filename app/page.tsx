import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LazySignedInHomeForm } from "@/components/jobs/lazy-signed-in-home-form";
import { QuickLookForm } from "@/components/quick-look/quick-look-form";
import { SampleReportCard } from "@/components/sample-report/sample-report-card";
import { JsonLd } from "@/components/seo/json-ld";
import { HomeDirectory } from "@/components/stores/home-directory";
import { findSessionUser } from "@/lib/auth/session-user";
import { buildWebsiteJsonLd, getHomeDirectory } from "@/lib/seo/home-directory";
import { siteUrl } from "@/lib/site-url";

export async function generateMetadata(): Promise<Metadata> {
  return { alternates: { canonical: `${siteUrl()}/` } };
}

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

export default async function HomePage(props: PageProps<"/">) {
  const searchParams = await props.searchParams;
  const domain = firstValue(searchParams.domain).slice(0, 300);
  const [user, directory] = await Promise.all([findSessionUser(), getHomeDirectory()]);

  // A signed-out visitor whose browser sent the form without scripts (no quick look there): sign
  // in (or up), then the dashboard with the domain filled in. A link to /?domain= fills the form.
  if (!user && domain && firstValue(searchParams.next) === "sign-in") {
    redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/dashboard?domain=${encodeURIComponent(domain)}`)}`);
  }

  return (
    <div className="space-y-10">
      <JsonLd data={buildWebsiteJsonLd(siteUrl())} />
      <section
        id="analyze"
        className="grid scroll-mt-4 gap-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
      >
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Analyze any Shopify store</h1>
          <p className="mt-3 max-w-2xl text-slate-600">
            Enter a store&apos;s address and see what it runs and sells: its theme and apps, its tags and pixels, its catalog and prices.
            Follow the stores that matter to you and hear when they change.
          </p>
          {/* Neither brings TanStack Query, zod nor the API client with the page: the signed-out form
              loads them when sent, the signed-in one is its own chunk (docs/benchmarks.md, Lighthouse). */}
          {user ? <LazySignedInHomeForm key={domain} initialDomain={domain} /> : <QuickLookForm key={domain} initialDomain={domain} />}
        </div>
        {directory.sample ? <SampleReportCard sample={directory.sample} /> : null}
      </section>
      <section aria-labelledby="what-you-get">
        <h2 id="what-you-get" className="text-xl font-semibold">
          What a merchant or an agency gets
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <Feature key={feature.title} {...feature} />
          ))}
        </div>
      </section>
      <HomeDirectory data={directory} />
      <p className="text-sm text-slate-500">
        Browse the{" "}
        <Link href="/stores" className="text-indigo-700 underline">
          store directory
        </Link>{" "}
        or read the{" "}
        <Link href="/docs" className="text-indigo-700 underline">
          API reference
        </Link>
        .
      </p>
    </div>
  );
}

/** What the product does for the people who pay for it, in their words. */
const FEATURES = [
  {
    title: "The apps and theme a store runs",
    text: "Every app, pixel and tag on its home page, each with the evidence we found, and the theme it is built on.",
  },
  {
    title: "Catalog size and prices",
    text: "Products, variants, collections and the price range, read from the store's public catalog.",
  },
  {
    title: "What changed, with alerts",
    text: "Track a store and it is read again every day: new products, price changes, sell-outs, app and theme changes reach you by e-mail or webhook.",
  },
  {
    title: "Segments and exports",
    text: "Filter the directory by app, theme, country or price, keep stores in lists, and export products as a Shopify CSV or JSON.",
  },
  {
    title: "A list of prospects at once",
    text: "Send an agency's list of domains as one batch: a report per store and one webhook when all are done.",
  },
  {
    title: "An API and MCP for your tools",
    text: "Every figure over a documented REST API, and an MCP server so your AI assistant can read the same reports.",
  },
];

function Feature({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}
