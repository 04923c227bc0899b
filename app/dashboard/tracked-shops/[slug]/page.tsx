import type { Metadata } from "next";
import { ChatPanel } from "@/components/chat/chat-panel";
import { StoreDetailView } from "@/components/tracking/store-detail-view";
import { requireSessionUser } from "@/lib/auth/session-user";
import { isChatConfigured } from "@/lib/chat/chat-model";

export const metadata: Metadata = { title: "Tracked shop" };

export default async function TrackedShopPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  await requireSessionUser(`/dashboard/tracked-shops/${encodeURIComponent(slug)}`);

  return (
    <>
      <StoreDetailView slug={slug} />
      {/* Signed in and tracking this store: the chat can also read its inventory and compare data. */}
      {isChatConfigured() && (
        <div className="mt-8 min-w-0">
          <ChatPanel store={slug} storeName={slug} />
        </div>
      )}
    </>
  );
}
