import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { scanMarkup } from "./scan-markup";
import type { StoreFailure } from "./outcomes";

/**
 * Shopify sitemaps: /sitemap.xml is an index of child sitemaps such as
 * `sitemap_products_1.xml?from=<id>&to=<id>` (repeated per locale, e.g. /en-ca/…).
 * A child without its from/to params answers 400, so children are always taken
 * verbatim from the index.
 */
export async function fetchProductSitemapPaths(
  domain: string,
  options: StoreFetchOptions = {},
): Promise<{ status: "ok"; paths: string[] } | StoreFailure> {
  const answer = await fetchStore(domain, "/sitemap.xml", "xml", options);
  if (answer.status !== "ok") {
    return answer;
  }

  return { status: "ok", paths: selectProductSitemaps(readLocs(answer.body)) };
}

/** Handles listed by one child product sitemap (`path` from fetchProductSitemapPaths). */
export async function fetchSitemapProductHandles(
  domain: string,
  path: string,
  options: StoreFetchOptions = {},
): Promise<{ status: "ok"; handles: string[] } | StoreFailure> {
  const answer = await fetchStore(domain, path, "xml", options);
  if (answer.status !== "ok") {
    return answer;
  }

  return { status: "ok", handles: readProductHandles(readLocs(answer.body)) };
}

/** Shopify caps a child sitemap at a few thousand URLs (~1 MB); nothing larger is read. */
export const SITEMAP_MAX_INPUT = 8 * 1024 * 1024;

/**
 * Every `<loc>` of a sitemap, in one linear pass of htmlparser2's tokenizer (a regex
 * with lazy quantifiers around `\s*` took minutes on a `<loc>` of 8,000 spaces).
 */
export function readLocs(xml: string): string[] {
  const locs: string[] = [];
  let current: string[] | null = null;
  scanMarkup(
    xml.length > SITEMAP_MAX_INPUT ? xml.slice(0, SITEMAP_MAX_INPUT) : xml,
    { xmlMode: true },
    {
      openTag(name) {
        if (name === "loc") current = [];
      },
      text(text) {
        current?.push(text);
      },
      closeTag(name) {
        if (name !== "loc" || current === null) return;
        const loc = current.join("").trim();
        if (loc) locs.push(loc);
        current = null;
      },
    },
  );

  return locs;
}

/** Product children of the index as path+query; the default locale only when present. */
export function selectProductSitemaps(locs: readonly string[]): string[] {
  const paths = locs.flatMap((loc) => {
    const url = safeUrl(loc);

    return url && /\/sitemap_products_\d+\.xml$/.test(url.pathname) ? [`${url.pathname}${url.search}`] : [];
  });
  const unlocalized = paths.filter((p) => p.startsWith("/sitemap_products_"));

  return [...new Set(unlocalized.length > 0 ? unlocalized : paths)];
}

/** Product URLs only (a product sitemap also lists the shop root), de-duplicated. */
export function readProductHandles(locs: readonly string[]): string[] {
  const handles = locs.flatMap((loc) => {
    const match = /\/products\/([^/?#]+)\/?$/.exec(safeUrl(loc)?.pathname ?? "");

    return match?.[1] ? [decodeHandle(match[1])] : [];
  });

  return [...new Set(handles)];
}

/** Compared with product.handle, which is plain text. */
function decodeHandle(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value, "https://placeholder.invalid");
  } catch {
    return null;
  }
}
