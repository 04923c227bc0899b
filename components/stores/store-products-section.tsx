import { ProductThumbnail } from "@/components/reports/product-thumbnail";
import { PaginationNav } from "@/components/ui/pagination-nav";
import { formatPriceRange, plural } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "@/components/reports/report-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

export function StoreProductsSection({ data }: { data: StorePageData }) {
  const { products, store } = data;

  return (
    <ReportSection id="products" title="Products" aside={plural(products.pagination.total, "product")}>
      {products.data.length === 0 ? (
        <EmptyNote>No products on this page.</EmptyNote>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {products.data.map((product) => (
            <li key={product.id} className="flex gap-3 rounded-lg p-3 ring-1 ring-slate-200">
              {/* The report's thumbnail: a placeholder where the image is missing or fails to load. */}
              <ProductThumbnail src={product.images[0]?.src} size="md" />
              <div className="min-w-0">
                <a
                  href={`https://${store.domain}/products/${encodeURIComponent(product.handle)}`}
                  rel="nofollow noopener"
                  className="line-clamp-2 font-medium hover:text-indigo-700 hover:underline"
                >
                  {product.title}
                </a>
                <p className="text-sm text-slate-500">
                  {formatPriceRange(product.priceMin, product.priceMax, store.currency)}
                  {product.available === false ? " · sold out" : ""}
                  {product.vendor ? ` · ${product.vendor}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PaginationNav
        basePath={`/stores/${store.slug}`}
        params={{}}
        page={products.pagination.page}
        totalPages={products.pagination.total_pages}
      />
    </ReportSection>
  );
}
