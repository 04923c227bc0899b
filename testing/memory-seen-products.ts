import type { Product } from "@/lib/shopify-reader/schemas";
import type { SeenProducts } from "@/lib/shopify-reader/seen-products";

/**
 * SeenProducts in memory, for tests, the benchmarks and readAllProducts: the workflow keeps
 * what a crawl delivered in its snapshot table instead (lib/pipeline/snapshot-seen-products.ts).
 */
export type MemorySeenProducts = SeenProducts & {
  /** Record a slice's products before asking for the next slice. */
  remember(products: readonly Product[]): void;
  /** Delivered products still present (not marked gone). */
  readonly size: number;
  readonly goneIds: ReadonlySet<number>;
};

export function createMemorySeenProducts(): MemorySeenProducts {
  const handleById = new Map<number, string>();
  const handles = new Set<string>();
  const gone = new Set<number>();

  return {
    filterNewIds: (candidates) => candidates.filter((id) => !handleById.has(id)),
    filterNewHandles: (candidates) => candidates.filter((handle) => !handles.has(handle)),
    findUnlisted: (listed) =>
      [...handleById].filter(([id, handle]) => !gone.has(id) && !listed.has(handle)).map(([id, handle]) => ({ id, handle })),
    markGone(ids) {
      for (const id of ids) gone.add(id);
    },
    remember(products) {
      for (const product of products) {
        handleById.set(product.id, product.handle);
        handles.add(product.handle);
      }
    },
    get size() {
      return handleById.size - gone.size;
    },
    get goneIds() {
      return gone;
    },
  };
}
