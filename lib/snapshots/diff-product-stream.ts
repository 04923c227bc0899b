import type { Product } from "@/lib/shopify-reader/schemas";
import { diffProduct, removedProduct, type Change } from "./diff-snapshots";

export type ProductStreamDiff = {
  /** Changes of the next batch of the current snapshot (ids ascending, after the previous batch's). */
  diffBatch(batch: Product[]): Promise<Change[]>;
  /** The previous snapshot's products that the current one no longer has, once it has all been seen. */
  finish(): Promise<Change[]>;
};

/**
 * The product part of diffSnapshots as a merge join of two snapshots both ordered by product
 * id, so neither is ever held whole. Changes come out in the same order as diffSnapshots
 * gives them: per current product, then the removals (held until the end: a few small
 * objects per removed product, not the products).
 */
export function createProductStreamDiff(
  previous: AsyncIterable<Product[]>,
  listing: { previousComplete: boolean; currentComplete: boolean },
  /** Called with each product found in both snapshots and its changes, for readers that need the pair. */
  onMatch?: (before: Product, current: Product, changes: readonly Change[]) => void,
): ProductStreamDiff {
  const source = previous[Symbol.asyncIterator]();
  let pending: Product[] = [];
  let index = 0;
  let exhausted = false;
  let lastId = -Infinity;
  const removed: Change[] = [];

  /** The previous snapshot's next product not yet matched, or undefined past its end. */
  async function peek(): Promise<Product | undefined> {
    while (index >= pending.length && !exhausted) {
      const next = await source.next();
      if (next.done) exhausted = true;
      else [pending, index] = [next.value, 0];
    }

    return pending[index];
  }

  function drop(product: Product) {
    // Never call a product removed when this listing could not be read to the end.
    if (listing.currentComplete) removed.push(removedProduct(product));
    index++;
  }

  return {
    async diffBatch(batch) {
      const changes: Change[] = [];
      for (const product of batch) {
        if (product.id <= lastId) throw new Error(`snapshot products out of order at id ${product.id}`);
        lastId = product.id;
        let before = await peek();
        while (before && before.id < product.id) {
          drop(before);
          before = await peek();
        }
        const match = before?.id === product.id ? before : undefined;
        if (match) index++;
        const productChanges = diffProduct(match, product, listing.previousComplete);
        if (match) onMatch?.(match, product, productChanges);
        for (const change of productChanges) changes.push(change);
      }

      return changes;
    },
    async finish() {
      for (let before = await peek(); before; before = await peek()) drop(before);

      return removed;
    },
  };
}
