import type { StoreFailure } from "./outcomes";

export type ListingPage<T> = { status: "ok"; items: T[]; rawCount: number };

export type Listing<T> = {
  status: "ok";
  items: T[];
  /** False when the listing is missing (see `isMissing`) or `maxPages` ran out before an empty page. */
  complete: boolean;
  requests: number;
};

/**
 * Reads a paged storefront listing (/collections.json, /pages.json) from page 1 until an
 * empty page, de-duplicated by id. A failure that `isMissing` accepts (a store without
 * the endpoint) ends the listing empty and incomplete; any other failure is returned.
 */
export async function readListing<T extends { id: number }>(
  fetchPage: (page: number) => Promise<ListingPage<T> | StoreFailure>,
  { maxPages, isMissing = () => false }: { maxPages: number; isMissing?: (failure: StoreFailure) => boolean },
): Promise<Listing<T> | StoreFailure> {
  const byId = new Map<number, T>();
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await fetchPage(page);
    if (answer.status !== "ok") {
      return isMissing(answer) ? { status: "ok", items: [], complete: false, requests: page } : answer;
    }
    const before = byId.size;
    for (const item of answer.items) byId.set(item.id, item);
    // An empty page ends the list; a page with nothing new means `page` is ignored.
    if (answer.rawCount === 0 || byId.size === before) {
      return { status: "ok", items: [...byId.values()], complete: true, requests: page };
    }
  }

  return { status: "ok", items: [...byId.values()], complete: false, requests: maxPages };
}
