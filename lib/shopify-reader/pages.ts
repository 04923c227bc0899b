import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { normalizePages } from "./normalize";
import { isStoreFailure, type StoreFailure } from "./outcomes";
import { rawPageListSchema } from "./raw-schemas";
import { readListing } from "./read-listing";
import type { Page } from "./schemas";

export type PagesPage = { status: "ok"; page: number; pages: Page[]; rawCount: number };

/** `/pages.json?limit=250&page=N`. */
export async function fetchPagesPage(domain: string, page: number, options: StoreFetchOptions = {}): Promise<PagesPage | StoreFailure> {
  const answer = await fetchStore(domain, `/pages.json?limit=250&page=${page}`, "json", options);
  if (answer.status !== "ok") {
    return answer;
  }
  const envelope = rawPageListSchema.safeParse(answer.json);
  if (!envelope.success) {
    return { status: "not_json", httpStatus: answer.httpStatus, message: "/pages.json has no pages array" };
  }

  return { status: "ok", page, pages: normalizePages(envelope.data.pages), rawCount: envelope.data.pages.length };
}

export type PageList = {
  status: "ok";
  pages: Page[];
  /** False when the endpoint is missing (404) or `maxPages` ran out. */
  complete: boolean;
  requests: number;
};

/** Step `fetch-pages`: every page of /pages.json until an empty one. Not every store serves it (404 → empty, incomplete). */
export async function fetchPages(
  domain: string,
  options: StoreFetchOptions & { maxPages?: number } = {},
): Promise<PageList | StoreFailure> {
  const listing = await readListing(
    async (page) => {
      const answer = await fetchPagesPage(domain, page, options);
      return answer.status === "ok" ? { ...answer, items: answer.pages } : answer;
    },
    { maxPages: options.maxPages ?? 20, isMissing: (failure) => failure.status === "http_error" && failure.httpStatus === 404 },
  );
  if (isStoreFailure(listing)) return listing;

  return { status: "ok", pages: listing.items, complete: listing.complete, requests: listing.requests };
}
