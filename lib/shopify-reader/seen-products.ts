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
  /** Delivered products (not marked gone) whose handle is not in `listed`. */
  findUnlisted(listed: ReadonlySet<string>): Promise<Array<{ id: number; handle: string }>> | Array<{ id: number; handle: string }>;
  /** Marks delivered products that no longer exist (read before they were deleted or unpublished). */
  markGone(ids: number[]): Promise<void> | void;
};

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
