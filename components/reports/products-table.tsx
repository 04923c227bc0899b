import Link from "next/link";
import type { ReactNode } from "react";
import type { ProductListing, ProductListingQuery, ProductSort } from "@/lib/reports/list-report-products";
import type { Product } from "@/lib/shopify-reader/schemas";
import { formatCount, formatPriceRange, plural } from "@/components/ui/format";
import { compareAtRange, unitsInStock } from "./product-offer";
import { ProductSearch } from "./product-search";
import { productListingSearch } from "./product-listing";
import { ProductThumbnail } from "./product-thumbnail";
import { StoreLink } from "./store-link";

type ProductsTableProps = {
  /** One page of the report's products, searched and sorted as `query` says. */
  listing: ProductListing;
  query: ProductListingQuery;
  /** Path of the report page, without the query. */
  basePath: string;
  /** Store domain, for links to the live product pages. */
  domain: string;
  currency: string | null;
};

const COLUMNS: { sort: ProductSort; label: string; className: string }[] = [
  { sort: "title", label: "Product", className: "" },
  { sort: "vendor", label: "Vendor", className: "hidden md:table-cell" },
  { sort: "type", label: "Type", className: "hidden lg:table-cell" },
  { sort: "price", label: "Price", className: "text-right" },
  { sort: "variants", label: "Variants", className: "hidden sm:table-cell text-right" },
];

/**
 * The report's products, searched, sorted and paged in the database from the URL, so a
 * 30,000-product report reads and sends one page of rows, and every view has its own link.
 */
export function ProductsTable({ listing, query, basePath, domain, currency }: ProductsTableProps) {
  const last = listing.firstIndex + listing.rows.length;
  const hrefFor = (patch: Partial<ProductListingQuery>) => `${basePath}${productListingSearch(query, patch)}#products`;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <ProductSearch initialQuery={query.q} hiddenFields={hiddenFieldsOf(query)} />
        <p data-testid="products-pagination" className="text-sm tabular-nums text-slate-600" aria-live="polite">
          {listing.total === 0
            ? query.q
              ? `No products match “${query.q}”`
              : "No products"
            : `Showing ${formatCount(listing.firstIndex + 1)}–${formatCount(last)} of ${formatCount(listing.total)} products`}
          {query.q && listing.total > 0 ? ` (of ${formatCount(listing.catalogTotal)})` : ""}
        </p>
      </div>

      <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="w-full text-left text-sm" aria-label="Products">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {COLUMNS.map((column) => {
                const active = query.sort === column.sort;
                const nextDir = active && query.dir === "asc" ? "desc" : "asc";

                return (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
                    className={`px-3 py-2 font-medium ${column.className}`}
                  >
                    <Link
                      href={hrefFor({ sort: column.sort, dir: nextDir, page: 1 })}
                      scroll={false}
                      className={`inline-flex items-center gap-1 hover:text-slate-900 ${active ? "text-slate-900" : ""}`}
                    >
                      {column.label}
                      <span aria-hidden="true" className="text-[10px]">
                        {active ? (query.dir === "asc" ? "▲" : "▼") : ""}
                      </span>
                      <span className="sr-only">, sort {active ? (nextDir === "asc" ? "ascending" : "descending") : "ascending"}</span>
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {listing.rows.map((product) => (
              <tr key={product.id} data-testid="product-row" className="align-top">
                <td className="px-3 py-2">
                  <div className="flex items-start gap-3">
                    <ProductThumbnail src={product.images[0]?.src} />
                    <div className="min-w-0">
                      <StoreLink
                        domain={domain}
                        kind="products"
                        handle={product.handle}
                        className="break-words font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                      >
                        {product.title}
                      </StoreLink>
                      {/* On narrow screens the hidden columns' facts move under the title. */}
                      <div className="mt-0.5 text-xs text-slate-500 md:hidden">
                        {[product.vendor, product.productType].filter(Boolean).join(" · ")}
                        <span className="sm:hidden">
                          {product.vendor || product.productType ? " · " : ""}
                          {plural(product.variants.length, "variant")}
                        </span>
                      </div>
                      {product.available === false ? (
                        <span className="mt-1 block w-fit rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800 ring-1 ring-amber-200">
                          Sold out
                        </span>
                      ) : null}
                    </div>
                  </div>
                </td>
                <td className="hidden px-3 py-2 text-slate-700 md:table-cell">{product.vendor || "—"}</td>
                <td className="hidden px-3 py-2 text-slate-700 lg:table-cell">{product.productType || "—"}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-800">
                  <PriceCell product={product} currency={currency} />
                </td>
                <td className="hidden px-3 py-2 text-right tabular-nums text-slate-700 sm:table-cell">{product.variants.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {listing.totalPages > 1 ? (
        <nav aria-label="Products pages" className="flex items-center justify-between gap-3 text-sm">
          <PageLink href={hrefFor({ page: listing.page - 1 })} disabled={listing.page <= 1} rel="prev">
            ← Previous
          </PageLink>
          <span className="tabular-nums text-slate-600">
            Page {formatCount(listing.page)} of {formatCount(listing.totalPages)}
          </span>
          <PageLink href={hrefFor({ page: listing.page + 1 })} disabled={listing.page >= listing.totalPages} rel="next">
            Next →
          </PageLink>
        </nav>
      ) : null}
    </div>
  );
}

/** The price, the compare-at ("was") price when on sale, and the units in stock when the store shows them. */
function PriceCell({ product, currency }: { product: Product; currency: string | null }) {
  const was = compareAtRange(product);
  const stock = unitsInStock(product);

  return (
    <>
      <span data-testid="product-price">{formatPriceRange(product.priceMin, product.priceMax, currency)}</span>
      {was ? (
        <span className="block text-xs text-slate-500">
          <span className="sr-only">Compare-at price </span>
          <s>{formatPriceRange(was.min, was.max, currency)}</s>
        </span>
      ) : null}
      {stock !== null ? (
        <span data-testid="product-stock" className="block text-xs text-slate-500">
          {formatCount(stock)} in stock
        </span>
      ) : null}
    </>
  );
}

function hiddenFieldsOf(query: ProductListingQuery): Record<string, string> {
  const fields: Record<string, string> = {};
  if (query.sort !== "title") fields.sort = query.sort;
  if (query.dir !== "asc") fields.dir = query.dir;

  return fields;
}

function PageLink({ href, disabled, rel, children }: { href: string; disabled: boolean; rel: string; children: ReactNode }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className="rounded-md px-3 py-1.5 text-slate-300 ring-1 ring-slate-200">
        {children}
      </span>
    );
  }

  return (
    <Link
      href={href}
      rel={rel}
      scroll={false}
      className="rounded-md bg-white px-3 py-1.5 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      {children}
    </Link>
  );
}
