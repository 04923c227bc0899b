import type { Snapshot } from "@/lib/snapshots/diff-snapshots";
import type { Reconciliation } from "@/lib/shopify-reader/product-crawl";
import { findOwnerSignature } from "@/lib/bot-auth/owner-signatures";
import { loadArtifact, type Artifact } from "@/lib/snapshots/artifacts";
import { siteUrl } from "@/lib/site-url";
import type { RenderInput } from "./report-content";

/** How the product crawl ended: whether it read everything, and how it made sure. */
export type CrawlOutcome = { listingComplete: boolean; reconciliation: Reconciliation };

/**
 * Everything the steps of one job gathered except its products, read back for build-report.
 * The products stay in the database and are walked batch by batch (streamSnapshotProducts).
 */
export type CurrentSnapshot = {
  snapshot: Omit<Snapshot, "products">;
  store: Artifact<"store">;
  collections: Artifact<"collections"> | null;
  pages: Artifact<"pages"> | null;
  storefront: Artifact<"storefront"> | null;
  robots: Artifact<"robots"> | null;
  crawl: Artifact<"crawl"> | null;
  agentReadiness: Artifact<"agent-readiness"> | null;
  /** The render artifact and where its screenshots will be served (report-content.ts). */
  render: RenderInput;
  /** When the owner-registered signature the crawl sent for this store expires, if there is one. */
  ownerSignatureExpiresAt: string | null;
  reconciliation: Reconciliation;
};

export async function readCurrentSnapshot(jobId: string, { listingComplete, reconciliation }: CrawlOutcome): Promise<CurrentSnapshot> {
  const [store, collections, pages, storefront, robots, crawl, agentReadiness, render] = await Promise.all([
    loadArtifact(jobId, "store"),
    loadArtifact(jobId, "collections"),
    loadArtifact(jobId, "pages"),
    loadArtifact(jobId, "storefront"),
    loadArtifact(jobId, "robots"),
    loadArtifact(jobId, "crawl"),
    loadArtifact(jobId, "agent-readiness"),
    loadArtifact(jobId, "render"),
  ]);
  if (!store) throw new Error(`job ${jobId} has no store artifact: resolve-store did not run`);
  const owner = await findOwnerSignature(store.canonicalDomain);

  return {
    snapshot: {
      collections: collections?.collections ?? [],
      pages: pages?.pages ?? [],
      listingComplete,
    },
    store,
    collections,
    pages,
    storefront,
    robots,
    crawl,
    agentReadiness,
    render: { artifact: render, screenshotUrl: (size) => `${siteUrl()}/api/reports/${jobId}/screenshots/${size}` },
    ownerSignatureExpiresAt: owner?.expiresAt.toISOString() ?? null,
    reconciliation,
  };
}
