import type { InventoryLevel } from "@/lib/reports/derive-inventory-events";
import type { Snapshot } from "@/lib/reports/diff-snapshots";
import { loadSnapshotProducts } from "@/lib/reports/snapshot-products";
import type { Reconciliation } from "@/lib/shopify/product-crawl";
import type { Product } from "@/lib/shopify/schemas";
import { loadArtifact, type Artifact } from "./artifacts";

/** How the product crawl ended: whether it read everything, and how it made sure. */
export type CrawlOutcome = { listingComplete: boolean; reconciliation: Reconciliation };

/** Everything the steps of one job gathered, read back for build-report. */
export type CurrentSnapshot = {
  snapshot: Snapshot;
  store: Artifact<"store">;
  collections: Artifact<"collections"> | null;
  pages: Artifact<"pages"> | null;
  storefront: Artifact<"storefront"> | null;
  levels: InventoryLevel[];
  reconciliation: Reconciliation;
  /** Whether any variant shows its inventory_quantity (most stores hide it since 2017). */
  exposesInventory: boolean;
};

function inventoryLevelsOf(products: Product[]): InventoryLevel[] {
  return products.flatMap((product) =>
    product.variants.map((variant) => ({
      productId: product.id,
      variantId: variant.id,
      quantity: variant.inventoryQuantity,
      available: variant.available,
    })),
  );
}

export async function readCurrentSnapshot(jobId: string, { listingComplete, reconciliation }: CrawlOutcome): Promise<CurrentSnapshot> {
  const [store, collections, pages, storefront, products] = await Promise.all([
    loadArtifact(jobId, "store"),
    loadArtifact(jobId, "collections"),
    loadArtifact(jobId, "pages"),
    loadArtifact(jobId, "storefront"),
    loadSnapshotProducts(jobId),
  ]);
  if (!store) throw new Error(`job ${jobId} has no store artifact: resolve-store did not run`);
  const levels = inventoryLevelsOf(products);

  return {
    snapshot: {
      products,
      collections: collections?.collections ?? [],
      pages: pages?.pages ?? [],
      listingComplete,
    },
    store,
    collections,
    pages,
    storefront,
    levels,
    reconciliation,
    exposesInventory: levels.some((level) => level.quantity !== null),
  };
}
