/**
 * What a product crawl has already delivered, across slices. The workflow backs this
 * with its snapshot table (so 30,000 products never travel through step state);
 * tests and the benchmarks use an in-memory one (testing/memory-seen-products.ts).
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
