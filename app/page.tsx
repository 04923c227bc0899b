import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { QueryProvider } from "@/components/api/query-provider";
import { AnalyzeStoreForm } from "@/components/jobs/analyze-store-form";
import { QuickLookForm } from "@/components/quick-look/quick-look-form";
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
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Analyze any Shopify store</h1>
        <p className="mt-3 max-w-2xl text-slate-600">
          Submit a store domain and StoreLens reads its public catalog — products, collections, pages, theme, installed apps and PageSpeed —
          in a durable background workflow, with live progress.
        </p>
        {user ? (
          <QueryProvider>
            <AnalyzeStoreForm key={domain} initialDomain={domain} />
          </QueryProvider>
        ) : (
          <QueryProvider>
            <QuickLookForm key={domain} initialDomain={domain} />
          </QueryProvider>
        )}
      </section>
      <HomeDirectory data={directory} />
      <section className="grid gap-4 sm:grid-cols-3">
        <Feature title="Durable pipeline" text="Per-step retries with backoff; a crashed worker resumes from its last completed step." />
        <Feature title="Live and announced" text="Progress over WebSocket, a job.completed webhook and a completion e-mail." />
        <Feature title="API first" text="API keys, an OpenAPI document, and pay-per-job without an account." />
      </section>
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

function Feature({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}
