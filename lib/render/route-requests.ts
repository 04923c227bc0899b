import type { BrowserContext, Route } from "playwright-core";
import type { RenderCode, RenderRequestStats } from "./schemas";

/** What our fetch answered for one of the page's requests. */
export type FetchedResource =
  | { kind: "answer"; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: "refused"; reason: "private_address" | "robots" | "too_large" | "failed"; message: string };

/**
 * Fetches one of the page's requests for it (lib/pipeline/render-resource-fetcher.ts in a job): the
 * browser never connects anywhere itself.
 */
export type ResourceFetcher = (url: URL, limits: { maxBytes: number; signal: AbortSignal }) => Promise<FetchedResource>;

export type RequestBudget = {
  /** Requests the page may make; past it they are refused (counted), the render goes on. */
  maxRequests: number;
  /**
   * Requests to the store's own hosts; past it they are refused (counted). They are paced with the
   * job's other store requests (one a second by default), so this keeps a page whose assets all sit
   * on the store's domain inside the time budget.
   */
  maxStoreRequests: number;
  /** Hosts besides the store's the page may reach (its CDN, its apps); others are refused. */
  maxOtherHosts: number;
  /** Bytes of answers in all; past it the render ends render_too_large. */
  maxBytes: number;
};

/** Ends the render with a code: thrown by whatever sees the page misbehave. */
export class RenderStop extends Error {
  constructor(
    readonly code: RenderCode,
    message: string,
  ) {
    super(message);
    this.name = "RenderStop";
  }
}

// What the browser gets of an answer: what it needs to use it (type, caching, CORS), never cookies,
// and no encoding or length (the body was decoded and may be shorter than announced).
const KEPT_HEADERS = new Set(["content-type", "cache-control", "last-modified", "etag", "content-language", "vary"]);

function keptHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => KEPT_HEADERS.has(name) || name.startsWith("access-control-") || name === "timing-allow-origin",
    ),
  );
}

/**
 * Answers every request of the context through `fetchResource`: only GET over http(s); a top-level
 * navigation only to the store's own hosts; at most `maxOtherHosts` other hosts; a request to a
 * private or loopback address ends the render (render_blocked_request), as does passing the byte
 * budget. WebSockets are closed unopened (routing does not see them otherwise).
 */
export async function routeRequests(
  context: BrowserContext,
  options: {
    storeHosts: ReadonlySet<string>;
    fetchResource: ResourceFetcher;
    budget: RequestBudget;
    stats: RenderRequestStats;
    signal: AbortSignal;
    stop: (stop: RenderStop) => void;
    requestUrls: string[];
  },
): Promise<void> {
  const { storeHosts, fetchResource, budget, stats, signal, stop, requestUrls } = options;
  const otherHosts = new Set<string>();
  let storeRequests = 0;
  const refuse = async (route: Route, reason: string) => {
    stats.refused[reason] = (stats.refused[reason] ?? 0) + 1;
    await route.abort("blockedbyclient").catch(() => undefined);
  };

  await context.routeWebSocket(/.*/, async (socket) => {
    stats.refused.websocket = (stats.refused.websocket ?? 0) + 1;
    await socket.close({ code: 1008, reason: "not allowed" }).catch(() => undefined);
  });
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (signal.aborted) return refuse(route, "ended");
    let url: URL;
    try {
      url = new URL(request.url());
    } catch {
      return refuse(route, "scheme");
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return refuse(route, "scheme");
    if (request.method() !== "GET") return refuse(route, "method");
    const host = url.hostname.toLowerCase();
    const ownHost = storeHosts.has(host);
    if (!ownHost && isTopNavigation(route)) return refuse(route, "navigation");
    if (!ownHost && !otherHosts.has(host)) {
      if (otherHosts.size >= budget.maxOtherHosts) return refuse(route, "other_host");
      otherHosts.add(host);
    }
    if (stats.requests >= budget.maxRequests) return refuse(route, "too_many");
    if (ownHost && storeRequests >= budget.maxStoreRequests) return refuse(route, "store_budget");
    if (ownHost) storeRequests += 1;
    stats.requests += 1;
    if (requestUrls.length < budget.maxRequests) requestUrls.push(url.href);

    const answer = await fetchResource(url, { maxBytes: Math.max(1, budget.maxBytes - stats.bytes), signal });
    if (answer.kind === "refused") {
      if (answer.reason === "private_address")
        stop(new RenderStop("render_blocked_request", `the page asked for ${url.host}: ${answer.message}`));
      if (answer.reason === "too_large") stop(new RenderStop("render_too_large", `the page's requests passed ${budget.maxBytes} bytes`));

      return refuse(route, answer.reason);
    }
    stats.bytes += answer.body.length;
    if (stats.bytes > budget.maxBytes) {
      stop(new RenderStop("render_too_large", `the page's requests passed ${budget.maxBytes} bytes`));

      return refuse(route, "too_large");
    }
    await route.fulfill({ status: answer.status, headers: keptHeaders(answer.headers), body: answer.body }).catch(() => undefined);
  });
}

/** A navigation of the page itself (not of a frame inside it). A request without a frame (a worker's) is none. */
function isTopNavigation(route: Route): boolean {
  const request = route.request();
  try {
    return request.isNavigationRequest() && request.frame().parentFrame() === null;
  } catch {
    return false;
  }
}
