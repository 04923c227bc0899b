import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { normalizePages } from "./normalize";
import type { StoreFailure } from "./outcomes";
import { rawPageListSchema } from "./raw-schemas";
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
  const maxPages = options.maxPages ?? 20;
  const byId = new Map<number, Page>();
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await fetchPagesPage(domain, page, options);
    if (answer.status === "http_error" && answer.httpStatus === 404) {
      return { status: "ok", pages: [], complete: false, requests: page };
    }
    if (answer.status !== "ok") {
      return answer;
    }
    const before = byId.size;
    for (const item of answer.pages) {
      byId.set(item.id, item);
    }
    // An empty page ends the list; a page with nothing new means `page` is ignored.
    if (answer.rawCount === 0 || byId.size === before) {
      return { status: "ok", pages: [...byId.values()], complete: true, requests: page };
    }
  }

  return { status: "ok", pages: [...byId.values()], complete: false, requests: maxPages };
}
