import type { Metadata } from "next";
import { BuyReportBox } from "@/components/billing/buy-report-box";
import { StorePageView } from "@/components/stores/store-page-view";
import { orNotFound } from "@/lib/http/or-not-found";
import { ChatPanel } from "@/components/chat/chat-panel";
import { findSessionUser } from "@/lib/auth/session-user";
import { isStripeEnabled } from "@/lib/billing/stripe/client";
import { isChatConfigured } from "@/lib/chat/chat-model";
import { getStoreTimeline } from "@/lib/history/get-store-timeline";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { storePageQuerySchema } from "@/lib/store-directory/schemas";

export const dynamic = "force-dynamic";

/** Events the store page lists; the rest are in GET /api/stores/:slug/timeline. */
const RECENT_EVENTS = 10;

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
  const [data, timeline, user] = await Promise.all([
    orNotFound(getStorePage(slug, pageQuery(searchParams))),
    orNotFound(getStoreTimeline(slug, { page: 1, per_page: RECENT_EVENTS })),
    findSessionUser(),
  ]);

  const selling = isStripeEnabled();
  const chat = isChatConfigured();

  return (
    <StorePageView
      data={data}
      timeline={timeline}
      signedIn={Boolean(user)}
      // No panel to show, no column: an empty one took a 22rem strip of the page.
      aside={
        selling || chat ? (
          <>
            {selling ? <BuyReportBox domain={data.store.domain} /> : null}
            {chat ? <ChatPanel store={data.store.slug} storeName={data.store.name ?? data.store.domain} /> : null}
          </>
        ) : undefined
      }
    />
  );
}
