// Public API of the Shopify storefront reader (what workflow steps call).
export { normalizeDomain, slugForDomain, type DomainResult } from "./domain";
export { createPacer, getSharedPacer, pacerKeyForDomain, type Pacer } from "./pacer";
export { realClock, type Clock } from "./clock";
export { fetchStore, type StoreFetchOptions, type StoreResponse } from "./fetch-store";
export { FATAL_FAILURES, STOP_FAILURES, isStoreFailure, type StoreFailure, type StoreFailureStatus } from "./outcomes";
export { resolveStore, type ResolvedStore } from "./resolve-store";
export {
  LISTING_MAX_PAGE,
  LISTING_VARIANT_LIMIT,
  PRODUCTS_PAGE_LIMIT,
  completeTruncatedVariants,
  fetchCollectionProductsPage,
  fetchProductByHandle,
  fetchProductsPage,
  type PageCapReached,
  type ProductMissing,
  type ProductsPage,
  type SingleProduct,
} from "./products";
export { readProductPages, type ProductPagesRead } from "./read-product-pages";
export {
  crawlProducts,
  productCrawlCursorSchema,
  startProductCrawl,
  type ProductCrawlCursor,
  type ProductCrawlOptions,
  type ProductCrawlSlice,
} from "./product-crawl";
export { readAllProducts, type AllProducts } from "./read-all-products";
export { createMemorySeenProducts, type MemorySeenProducts, type SeenProducts } from "./seen-products";
export { fetchProductSitemapPaths, fetchSitemapProductHandles } from "./sitemap";
export {
  crawlCollectionMembership,
  fetchCollections,
  fetchCollectionsPage,
  type CollectionList,
  type CollectionsPage,
  type MembershipChunk,
  type MembershipCursor,
  type MembershipSlice,
} from "./collections";
export { fetchPages, fetchPagesPage, type PageList, type PagesPage } from "./pages";
export { fetchStorefrontHtml, type StorefrontHtml } from "./storefront-html";
export { readCartCurrency } from "./currency";
export {
  collectionSchema,
  pageSchema,
  productImageSchema,
  productSchema,
  storeMetaSchema,
  variantSchema,
  type Collection,
  type Page,
  type Product,
  type ProductImage,
  type StoreMeta,
  type Variant,
} from "./schemas";
