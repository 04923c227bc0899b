import type { BrowserContext, Route } from "playwright-core";
import type { SharedByteBudget } from "@/lib/net";
import type { RenderCode, RenderRequestStats } from "./schemas";

/** What our fetch answered for one of the page's requests. */
export type FetchedResource =
  | { kind: "answer"; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: "refused"; reason: "private_address" | "robots" | "too_large" | "failed"; message: string };

/**
 * Fetches one of the page's requests for it (lib/pipeline/render-resource-fetcher.ts in a job): the
 * browser never connects anywhere itself. Every decoded chunk of its answer is charged to `bytes`,
 * the render's one budget, as it arrives (and the answer is refused `too_large` once that is spent).
 */
export type ResourceFetcher = (url: URL, limits: { bytes: SharedByteBudget; signal: AbortSignal }) => Promise<FetchedResource>;

/** What one render's requests did, with what only the render itself reports (not kept in the artifact). */
export type RenderStats = RenderRequestStats & {
  /** Decoded bytes our fetches read in all, answered or cut off: at most one chunk per open fetch past maxBytes. */
  bytesRead: number;
  /** The most fetches that were open at once (at most maxInFlight). */
  peakInFlight: number;
};

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
  /**
   * Decoded bytes of answers in all, one budget every open fetch charges as its chunks arrive;
   * past it every fetch stops and the render ends render_too_large.
   */
  maxBytes: number;
  /**
   * Fetches open at once; the page's other requests wait their turn (within the render's deadline).
   * One of them is the store's: its requests are paced one at a time anyway (fetch-store.ts), so
   * more turns would only wait in its queue while other hosts' requests wait for a turn.
   */
  maxInFlight: number;
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
 * budget (render_too_large). At most `maxInFlight` fetches are open at once, one of them to the
 * store's own hosts. WebSockets are closed unopened (routing does not see them otherwise).
 */
export async function routeRequests(
  context: BrowserContext,
  options: {
    storeHosts: ReadonlySet<string>;
    fetchResource: ResourceFetcher;
    budget: RequestBudget;
    bytes: SharedByteBudget;
    stats: RenderStats;
    signal: AbortSignal;
    stop: (stop: RenderStop) => void;
    requestUrls: string[];
  },
): Promise<void> {
  const { storeHosts, fetchResource, budget, bytes, stats, signal, stop, requestUrls } = options;
  const otherHosts = new Set<string>();
  let storeRequests = 0;
  const storeTurns = inFlightTurns(1, signal);
  const otherTurns = inFlightTurns(Math.max(1, budget.maxInFlight - 1), signal);
  let inFlight = 0;
  const tooLarge = () => new RenderStop("render_too_large", `the page's requests passed ${budget.maxBytes} bytes`);
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

    const turns = ownHost ? storeTurns : otherTurns;
    if (!(await turns.take())) return refuse(route, "ended");
    inFlight += 1;
    stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
    let answer: FetchedResource;
    try {
      answer = await fetchResource(url, { bytes, signal });
    } finally {
      inFlight -= 1;
      stats.bytesRead = bytes.used;
      // Stopped before the turn is handed on: no fetch starts once the budget is spent.
      if (bytes.exhausted) stop(tooLarge());
      turns.give();
    }
    if (answer.kind === "refused") {
      if (answer.reason === "private_address")
        stop(new RenderStop("render_blocked_request", `the page asked for ${url.host}: ${answer.message}`));
      if (answer.reason === "too_large") stop(tooLarge());

      return refuse(route, answer.reason);
    }
    stats.bytes += answer.body.length;
    // A fetcher that did not charge the shared budget is still held to it.
    if (bytes.exhausted || stats.bytes > budget.maxBytes) {
      stop(tooLarge());

      return refuse(route, "too_large");
    }
    await route.fulfill({ status: answer.status, headers: keptHeaders(answer.headers), body: answer.body }).catch(() => undefined);
  });
}

/**
 * Turns for fetches: at most `limit` open at once, the rest wait in arrival order. Once the render
 * has stopped, waiting ones are let go without a turn (their requests are refused).
 */
function inFlightTurns(limit: number, signal: AbortSignal) {
  let open = 0;
  const waiting: Array<(turn: boolean) => void> = [];
  signal.addEventListener("abort", () => waiting.splice(0).forEach((wake) => wake(false)), { once: true });
  /** A finished fetch hands its turn straight to the longest waiting one. */
  const give = () => {
    const next = waiting.shift();
    if (next) next(true);
    else open -= 1;
  };

  return {
    async take(): Promise<boolean> {
      if (signal.aborted) return false;
      if (open < limit) {
        open += 1;

        return true;
      }
      const turn = await new Promise<boolean>((wake) => waiting.push(wake));
      // Handed a turn just as the render stopped: nothing is fetched after the stop.
      if (turn && signal.aborted) give();

      return turn && !signal.aborted;
    },
    give,
  };
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
