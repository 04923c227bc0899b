import type { Metadata } from "next";
import { BuyReportBox } from "@/components/billing/buy-report-box";
import { StorePageView } from "@/components/stores/store-page-view";
import { orNotFound } from "@/lib/http/or-not-found";
import { ChatPanel } from "@/components/chat/chat-panel";
import { isChatConfigured } from "@/lib/chat/chat-model";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { storePageQuerySchema } from "@/lib/store-directory/schemas";

export const dynamic = "force-dynamic";

const pageQuery = (searchParams: Record<string, string | string[] | undefined>) =>
  storePageQuerySchema.catch({ page: 1, per_page: 24 }).parse({ page: searchParams.page });

export async function generateMetadata(props: PageProps<"/stores/[slug]">): Promise<Metadata> {
  const { seo } = await orNotFound(getStorePage((await props.params).slug, { page: 1, per_page: 1 }));

  return {
    title: { absolute: seo.title },
    description: seo.description,
    alternates: { canonical: seo.canonical },
    robots: { index: seo.indexable, follow: true },
    openGraph: { type: "website", title: seo.title, description: seo.description, url: seo.canonical, siteName: "StoreLens" },
    twitter: { card: "summary_large_image", title: seo.title, description: seo.description },
  };
}

export default async function StorePage(props: PageProps<"/stores/[slug]">) {
  const [{ slug }, searchParams] = await Promise.all([props.params, props.searchParams]);
  const data = await orNotFound(getStorePage(slug, pageQuery(searchParams)));

  return (
    <StorePageView
      data={data}
      aside={
        <>
          <BuyReportBox domain={data.store.domain} />
          {isChatConfigured() && <ChatPanel store={data.store.slug} storeName={data.store.name ?? data.store.domain} />}
        </>
      }
    />
  );
}
