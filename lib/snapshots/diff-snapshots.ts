import type { Collection, Page, Product, Variant } from "@/lib/shopify-reader/schemas";

export type ChangeSubject = "product" | "variant" | "price" | "availability" | "collection" | "page";
export type ChangeKind = "added" | "removed" | "changed";

export type Change = {
  subject: ChangeSubject;
  change: ChangeKind;
  /** Product, variant, collection or page id. */
  subjectId: string;
  /** The product a product, variant, price or availability change belongs to. */
  productId?: number;
  title: string | null;
  before: unknown;
  after: unknown;
};

export type Snapshot = {
  products: Product[];
  collections: Collection[];
  pages: Page[];
  /** False when the product listing could not be read to the end. */
  listingComplete: boolean;
};

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

const variantLabel = (product: Product, variant: Variant) =>
  variant.title && variant.title !== "Default Title" ? `${product.title} — ${variant.title}` : product.title;

function diffVariants(before: Product, after: Product): Change[] {
  const changes: Change[] = [];
  const old = byId(before.variants);
  const now = byId(after.variants);

  for (const [id, variant] of now) {
    const previous = old.get(id);
    const title = variantLabel(after, variant);
    if (!previous) {
      changes.push({
        subject: "variant",
        change: "added",
        subjectId: String(id),
        productId: after.id,
        title,
        before: null,
        after: { price: variant.price },
      });
      continue;
    }
    if (previous.price !== variant.price || previous.compareAtPrice !== variant.compareAtPrice) {
      changes.push({
        subject: "price",
        change: "changed",
        subjectId: String(id),
        productId: after.id,
        title,
        before: { price: previous.price, compareAtPrice: previous.compareAtPrice },
        after: { price: variant.price, compareAtPrice: variant.compareAtPrice },
      });
    }
    if (previous.available !== null && variant.available !== null && previous.available !== variant.available) {
      changes.push({
        subject: "availability",
        change: "changed",
        subjectId: String(id),
        productId: after.id,
        title,
        before: { available: previous.available },
        after: { available: variant.available },
      });
    }
  }
  for (const [id, variant] of old) {
    if (!now.has(id)) {
      changes.push({
        subject: "variant",
        change: "removed",
        subjectId: String(id),
        productId: before.id,
        title: variantLabel(before, variant),
        before: { price: variant.price },
        after: null,
      });
    }
  }

  return changes;
}

/** Fields whose change makes a product "changed" (prices and availability are reported per variant). */
function productFieldsChanged(before: Product, after: Product): Record<string, { before: unknown; after: unknown }> {
  const fields = {
    title: [before.title, after.title],
    handle: [before.handle, after.handle],
    vendor: [before.vendor, after.vendor],
    productType: [before.productType, after.productType],
    tags: [before.tags.join(","), after.tags.join(",")],
  } as const;

  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, [a, b]]) => a !== b)
      .map(([key, [a, b]]) => [key, { before: a, after: b }]),
  );
}

/**
 * The changes of one product of the current snapshot against its previous version (none
 * when it is new: then "added", unless the earlier listing was incomplete and may simply
 * have missed it).
 */
export function diffProduct(before: Product | undefined, product: Product, previousListingComplete: boolean): Change[] {
  const id = product.id;
  if (!before) {
    return previousListingComplete
      ? [
          {
            subject: "product",
            change: "added",
            subjectId: String(id),
            productId: id,
            title: product.title,
            before: null,
            after: { handle: product.handle, priceMin: product.priceMin, publishedAt: product.publishedAt },
          },
        ]
      : [];
  }
  const changes: Change[] = [];
  const fields = productFieldsChanged(before, product);
  if (Object.keys(fields).length > 0) {
    changes.push({
      subject: "product",
      change: "changed",
      subjectId: String(id),
      productId: id,
      title: product.title,
      before: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.before])),
      after: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.after])),
    });
  }
  changes.push(...diffVariants(before, product));

  return changes;
}

/** A product of the previous snapshot missing from the current one (only said of complete listings). */
export const removedProduct = (product: Product): Change => ({
  subject: "product",
  change: "removed",
  subjectId: String(product.id),
  productId: product.id,
  title: product.title,
  before: { handle: product.handle },
  after: null,
});

function diffProducts(previous: Snapshot, current: Snapshot): Change[] {
  const changes: Change[] = [];
  const old = byId(previous.products);
  const now = byId(current.products);

  for (const [id, product] of now) changes.push(...diffProduct(old.get(id), product, previous.listingComplete));
  // Never call a product removed when this listing could not be read to the end.
  if (current.listingComplete) {
    for (const [id, product] of old) if (!now.has(id)) changes.push(removedProduct(product));
  }

  return changes;
}

function diffNamed<T extends { id: number; title: string; handle: string }>(
  subject: "collection" | "page",
  previous: T[],
  current: T[],
  describe: (item: T) => Record<string, unknown>,
): Change[] {
  const changes: Change[] = [];
  const old = byId(previous);
  const now = byId(current);
  for (const [id, item] of now) {
    const before = old.get(id);
    if (!before) {
      changes.push({ subject, change: "added", subjectId: String(id), title: item.title, before: null, after: describe(item) });
    } else if (JSON.stringify(describe(before)) !== JSON.stringify(describe(item))) {
      changes.push({
        subject,
        change: "changed",
        subjectId: String(id),
        title: item.title,
        before: describe(before),
        after: describe(item),
      });
    }
  }
  for (const [id, item] of old) {
    if (!now.has(id))
      changes.push({ subject, change: "removed", subjectId: String(id), title: item.title, before: describe(item), after: null });
  }

  return changes;
}

/** Collections and pages added, removed or changed (small lists, held whole). */
export function diffCollectionsAndPages(
  previous: Pick<Snapshot, "collections" | "pages">,
  current: Pick<Snapshot, "collections" | "pages">,
): Change[] {
  return [
    ...diffNamed("collection", previous.collections, current.collections, (c) => ({ handle: c.handle, title: c.title })),
    ...diffNamed("page", previous.pages, current.pages, (p) => ({ handle: p.handle, title: p.title, body: p.body })),
  ];
}

/**
 * What changed between a store's previous completed snapshot and this one: products,
 * variants, prices, availability, collections and pages added, removed or changed.
 * (build-report walks big catalogs batch by batch with diff-product-stream.ts instead.)
 */
export function diffSnapshots(previous: Snapshot, current: Snapshot): Change[] {
  return [...diffProducts(previous, current), ...diffCollectionsAndPages(previous, current)];
}
