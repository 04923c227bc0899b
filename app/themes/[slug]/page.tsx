import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MarketReportView } from "@/components/market/market-report-view";
import { StoresRunning } from "@/components/market/stores-running";
import { formatCount, plural } from "@/components/ui/format";
import { orNotFound } from "@/lib/http/or-not-found";
import { getThemeReport } from "@/lib/market/theme-report";
import { themeSlugParamsSchema } from "@/lib/market/schemas";
import { siteUrl } from "@/lib/site-url";

export const dynamic = "force-dynamic";

async function load(raw: string) {
  const parsed = themeSlugParamsSchema.safeParse({ slug: raw });

  // A malformed slug names no theme: the page's 404, as for an unknown one.
  if (!parsed.success) notFound();

  return orNotFound(getThemeReport(parsed.data.slug));
}

export async function generateMetadata(props: PageProps<"/themes/[slug]">): Promise<Metadata> {
  const theme = await load((await props.params).slug);

  return {
    title: `${theme.name} — Shopify theme`,
    description: `The ${theme.name} Shopify theme on analyzed stores: ${formatCount(theme.stores_now)} running it, switches to and from it by week, the apps its stores run, its share and their countries.`,
    alternates: { canonical: `${siteUrl()}/themes/${theme.slug}` },
  };
}

export default async function ThemePage(props: PageProps<"/themes/[slug]">) {
  const theme = await load((await props.params).slug);

  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{theme.name}</h1>
        <p className="text-slate-600">A Shopify theme, as the home pages of {plural(theme.stores_now, "analyzed store")} name it.</p>
      </header>
      <MarketReportView
        name={theme.name}
        report={theme}
        segment={`/stores?theme=${theme.slug}`}
        words={{ adopted: "Switched to it", dropped: "Switched away", withIt: "Apps its stores run most" }}
      />
      <StoresRunning name={theme.name} stores={theme.recent_stores} />
    </article>
  );
}
