// Products no real store has but any server can serve: a store's JSON is its own word, and
// gzip makes megabytes of it cheap to send. Applied on top of a generated product, keeping its
// id, handle (so /products/<handle>.json still finds it) and collection membership.

import type { ImageRecord, ProductRecord, VariantRecord } from "./records";
import type { OversizedProducts } from "./types";

/** Outside the generator's variant id ranges: a product may have more variants than they hold. */
const OVERSIZED_VARIANT_ID_BASE = 90_000_000_000_000;
const OVERSIZED_IMAGE_ID_BASE = 95_000_000_000_000;
const VARIANTS_PER_PRODUCT_RANGE = 1_000_000;

/** `text` grown to at least `bytes` bytes of UTF-8 with two-byte characters, so a cut can fall mid-character. */
function padded(text: string, bytes: number | undefined): string {
  if (!bytes) return text;
  const missing = Math.max(0, bytes - Buffer.byteLength(text));

  return `${text} ${"é".repeat(Math.ceil(missing / 2))}`;
}

export function isOversized(index: number, spec: OversizedProducts | undefined): spec is OversizedProducts {
  return spec !== undefined && (index + 1) % (spec.every ?? 1) === 0;
}

export function inflateProduct(product: ProductRecord, index: number, spec: OversizedProducts): ProductRecord {
  const first = product.variants[0]!;
  const variants =
    spec.variants === undefined
      ? product.variants
      : Array.from({ length: spec.variants }, (_, i): VariantRecord => {
          const position = i + 1;

          return {
            ...first,
            id: OVERSIZED_VARIANT_ID_BASE + index * VARIANTS_PER_PRODUCT_RANGE + position,
            title: `Edition ${position}`,
            option1: `Edition ${position}`,
            option2: null,
            option3: null,
            sku: `OVER-${index}-${position}`,
            position,
          };
        });
  const options =
    spec.variants === undefined ? product.options : [{ ...product.options[0]!, name: "Edition", values: variants.map((v) => v.title) }];
  const images = spec.images === undefined ? product.images : Array.from({ length: spec.images }, (_, i) => imageOf(product, index, i + 1));

  return {
    ...product,
    title: padded(product.title, spec.titleBytes),
    tags: spec.tags === undefined ? product.tags : Array.from({ length: spec.tags }, (_, i) => `tag-${i + 1}`),
    variants,
    options,
    images: images.map((image) => ({ ...image, src: padded(image.src, spec.imageSrcBytes).replace(" ", "?pad=") })),
  };
}

function imageOf(product: ProductRecord, index: number, position: number): ImageRecord {
  return {
    id: OVERSIZED_IMAGE_ID_BASE + index * VARIANTS_PER_PRODUCT_RANGE + position,
    position,
    created_at: product.created_at,
    updated_at: product.updated_at,
    alt: null,
    width: 1024,
    height: 1024,
    src: `https://cdn.shopify.com/s/files/1/0000/0001/files/${product.handle}-${position}.webp`,
    variant_ids: [],
  };
}
