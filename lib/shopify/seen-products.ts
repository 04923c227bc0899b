import type { Product } from "./schemas";

/**
 * What a product crawl has already delivered, across slices. The workflow backs this
 * with its snapshot table (so 30,000 products never travel through step state);
 * tests, the benchmark and small one-shot reads use the in-memory version.
 */
export type SeenProducts = {
  /** Of these ids, the ones not delivered yet. */
  filterNewIds(ids: number[]): Promise<number[]> | number[];
  /** Of these handles, the ones not delivered yet (decides which products to fetch one by one). */
  filterNewHandles(handles: string[]): Promise<string[]> | string[];
};

export type MemorySeenProducts = SeenProducts & {
  /** Record a slice's products before asking for the next slice. */
  remember(products: readonly Product[]): void;
  readonly size: number;
};

export function createMemorySeenProducts(): MemorySeenProducts {
  const ids = new Set<number>();
  const handles = new Set<string>();

  return {
    filterNewIds: (candidates) => candidates.filter((id) => !ids.has(id)),
    filterNewHandles: (candidates) => candidates.filter((handle) => !handles.has(handle)),
    remember(products) {
      for (const product of products) {
        ids.add(product.id);
        handles.add(product.handle);
      }
    },
    get size() {
      return ids.size;
    },
  };
}
