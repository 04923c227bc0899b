import { scraperUserAgent } from "@/lib/bot-auth/user-agent";
import { safeFetch, type SharedByteBudget } from "@/lib/net";
import { currentCrawlContext, runWithCrawlContext } from "@/lib/shopify-reader/crawl-context";
import { fetchStore } from "@/lib/shopify-reader/fetch-store";
import type { FetchedResource, ResourceFetcher } from "@/lib/render/route-requests";

/** One resource may take this long; the render's own budget bounds them all together. */
const RESOURCE_TIMEOUT_MS = 10_000;

/**
 * How a job's render fetches what the page asks for. The store's own hosts go through the store
 * fetch (fetch-store.ts): paced with the job's other requests, signed, under the job's robots.txt
 * and counted in its crawl section, GET only, not retried. Other hosts (the store's CDN, its apps'
 * scripts) go through safeFetch with private addresses refused whatever ALLOW_PRIVATE_NETWORK
 * says: only the operator's resolve rules (SHOP_RESOLVE) may point a host at one. Both cap time,
 * re-check every redirect, and charge every decoded chunk to the render's one byte budget as it
 * arrives, so answers read at the same time cannot each take the whole budget; what a store host
 * redirects to on another site is fetched from that site as from any other host.
 */
export function renderResourceFetcher(storeHosts: ReadonlySet<string>): ResourceFetcher {
  // The job's robots.txt and request counts, taken now: the browser's requests arrive through
  // Playwright's events, outside the step's async context.
  const crawl = currentCrawlContext();

  return async (url, { bytes, signal }) => {
    const host = url.hostname.toLowerCase();
    if (storeHosts.has(host)) {
      const read = () =>
        fetchStore(host, url.pathname + url.search, "text", {
          binary: true,
          maxRetries: 0,
          maxBytes: bytes.maxBytes,
          byteBudget: bytes,
          timeoutMs: RESOURCE_TIMEOUT_MS,
          signal,
        });
      const answer = await (crawl ? runWithCrawlContext(crawl, read) : read());
      if (answer.status === "ok")
        return { kind: "answer", status: answer.httpStatus, headers: answer.headers, body: answer.raw ?? Buffer.alloc(0) };
      if (answer.status === "disallowed") return { kind: "refused", reason: "robots", message: answer.message };
      if (answer.status === "too_large") return { kind: "refused", reason: "too_large", message: answer.message };
      if (answer.status === "refused") return { kind: "refused", reason: "private_address", message: answer.message };
      // Sent to another site: that site is asked for it as any other host is (unsigned, through the
      // guarded fetch), since a browser handed a fulfilled redirect does not follow it.
      if (answer.status === "redirected_off_store") return fetchOtherHost(new URL(answer.location, url), bytes, signal);
      // A 404 or a 500 is an answer the page handles; the browser gets its status, without the body.
      if ("httpStatus" in answer && answer.httpStatus !== null)
        return { kind: "answer", status: answer.httpStatus, headers: {}, body: Buffer.alloc(0) };

      return { kind: "refused", reason: "failed", message: answer.message };
    }

    return fetchOtherHost(url, bytes, signal);
  };
}

async function fetchOtherHost(url: URL, bytes: SharedByteBudget, signal: AbortSignal): Promise<FetchedResource> {
  const result = await safeFetch(url, {
    binary: true,
    maxBytes: bytes.maxBytes,
    byteBudget: bytes,
    timeoutMs: RESOURCE_TIMEOUT_MS,
    allowPrivateNetwork: false,
    headers: { "user-agent": scraperUserAgent() },
    signal,
  });
  if (result.ok)
    return {
      kind: "answer",
      status: result.response.status,
      headers: result.response.headers,
      body: result.response.raw ?? Buffer.alloc(0),
    };
  if (result.error.kind === "blocked_address") return { kind: "refused", reason: "private_address", message: result.error.message };
  if (result.error.kind === "too_large") return { kind: "refused", reason: "too_large", message: result.error.message };

  return { kind: "refused", reason: "failed", message: result.error.message };
}
