import type { Metadata } from "next";
import { StoreAlertsCard } from "@/components/alerts/store-alerts-card";
import { ChatPanel } from "@/components/chat/chat-panel";
import { StoreReportsLinks } from "@/components/reports/store-reports-links";
import { StoreDetailView } from "@/components/tracking/store-detail-view";
import { requireSessionUser } from "@/lib/auth/session-user";
import { isChatConfigured } from "@/lib/chat/chat-model";
import { isNotFound } from "@/lib/http/errors";
import { listStoreReports } from "@/lib/reports/list-store-reports";
import { getTrackedStore } from "@/lib/tracking";

/** The reports of a store the user tracks; none for any other slug (the page then says it is not tracked). */
async function trackedStoreReports(userId: string, slug: string) {
  try {
    return await listStoreReports((await getTrackedStore(userId, slug)).id);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

export const metadata: Metadata = { title: "Tracked store" };

export default async function TrackedStorePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const user = await requireSessionUser(`/dashboard/tracked-stores/${encodeURIComponent(slug)}`);
  const reports = await trackedStoreReports(user.id, slug);

  return (
    <>
      <StoreDetailView slug={slug} reportLinks={<StoreReportsLinks slug={slug} reports={reports} />} />
      <StoreAlertsCard slug={slug} />
      {/* Signed in and tracking this store: the chat can also read its inventory and compare data. */}
      {isChatConfigured() && (
        <div className="mt-8 min-w-0">
          <ChatPanel store={slug} storeName={slug} />
        </div>
      )}
    </>
  );
}
