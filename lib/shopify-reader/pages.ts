import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import { normalizePages } from "./normalize";
import { isStoreFailure, type StoreFailure } from "./outcomes";
import { rawPageListSchema } from "./raw-schemas";
import { readListing } from "./read-listing";
import type { Page } from "./schemas";

/**
 * Pages whose links name the store's profiles, e-mail and phone (lib/socials reads them). Their
 * HTML is kept as served: the page's text (Page.body) has lost its links.
 */
export const CONTACT_PAGE_HANDLES: readonly string[] = ["contact", "contact-us", "about", "about-us"];
/** The start of a contact page's HTML kept; its links sit well within it. */
const CONTACT_HTML_MAX_CHARS = 200_000;

export type ContactPageHtml = { handle: string; html: string };

export type PagesPage = { status: "ok"; page: number; pages: Page[]; rawCount: number; contactHtml: ContactPageHtml[] };

function contactPagesHtml(items: readonly unknown[]): ContactPageHtml[] {
  const out: ContactPageHtml[] = [];
  for (const item of items) {
    if (typeof item !== "object" || item === null) continue;
    const { handle, body_html: html } = item as Record<string, unknown>;
    if (typeof handle === "string" && CONTACT_PAGE_HANDLES.includes(handle) && typeof html === "string" && html)
      out.push({ handle, html: html.slice(0, CONTACT_HTML_MAX_CHARS) });
  }

  return out;
}

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

  return {
    status: "ok",
    page,
    pages: normalizePages(envelope.data.pages),
    rawCount: envelope.data.pages.length,
    contactHtml: contactPagesHtml(envelope.data.pages),
  };
}

export type PageList = {
  status: "ok";
  pages: Page[];
  /** False when the endpoint is missing (404) or `maxPages` ran out. */
  complete: boolean;
  requests: number;
  /** The HTML of the contact and about pages, each handle once, in CONTACT_PAGE_HANDLES order. */
  contactHtml: ContactPageHtml[];
};

/** Step `fetch-pages`: every page of /pages.json until an empty one. Not every store serves it (404 → empty, incomplete). */
export async function fetchPages(
  domain: string,
  options: StoreFetchOptions & { maxPages?: number } = {},
): Promise<PageList | StoreFailure> {
  const contactHtml = new Map<string, string>();
  const listing = await readListing(
    async (page) => {
      const answer = await fetchPagesPage(domain, page, options);
      if (answer.status !== "ok") return answer;
      for (const { handle, html } of answer.contactHtml) if (!contactHtml.has(handle)) contactHtml.set(handle, html);
      return { ...answer, items: answer.pages };
    },
    { maxPages: options.maxPages ?? 20, isMissing: (failure) => failure.status === "http_error" && failure.httpStatus === 404 },
  );
  if (isStoreFailure(listing)) return listing;

  return {
    status: "ok",
    pages: listing.items,
    complete: listing.complete,
    requests: listing.requests,
    contactHtml: CONTACT_PAGE_HANDLES.flatMap((handle) => {
      const html = contactHtml.get(handle);
      return html === undefined ? [] : [{ handle, html }];
    }),
  };
}
