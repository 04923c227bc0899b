import type { SharedByteBudget } from "./byte-budget";
import type { ResolveRule } from "./resolve-rules";

export const NET_ERROR_KINDS = [
  "invalid_url",
  "blocked_address",
  "dns",
  "timeout",
  "too_large",
  "too_many_redirects",
  "network",
  "aborted",
] as const;

export type NetErrorKind = (typeof NET_ERROR_KINDS)[number];

export type NetError = { kind: NetErrorKind; message: string; url: string };

/** One redirect answered on the way to the final response. */
export type RedirectHop = { url: string; status: number; location: string };

export type SafeResponse = {
  status: number;
  /** Lower-case names; repeated headers joined with ", " (Set-Cookie: see setCookies). */
  headers: Record<string, string>;
  setCookies: string[];
  body: string;
  /** Decoded body size in bytes. */
  bytes: number;
  /** The decoded body as bytes, when asked for (`binary`): images and fonts are not text. */
  raw?: Buffer;
  /** URL of the request that produced this response (after followed redirects). */
  url: string;
  redirects: RedirectHop[];
};

export type SafeFetchResult = { ok: true; response: SafeResponse } | { ok: false; error: NetError };

export type LookupAddress = { address: string; family: number };

export type SafeFetchOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Budget for the whole call: DNS, every hop and the body. */
  timeoutMs?: number;
  /** Cap on the decoded body; the stream is aborted past it. */
  maxBytes?: number;
  /**
   * Decoded bytes this body shares with others read at the same time (a render's answers): each
   * chunk is charged as it arrives, and past the shared cap this body stops too (`too_large`).
   */
  byteBudget?: SharedByteBudget;
  /** Keep the decoded body's bytes too (`raw`): the render hands images and fonts to the browser. */
  binary?: boolean;
  /** 0 returns a 3xx as is (webhooks); otherwise each hop is re-checked. */
  maxRedirects?: number;
  /** Return false to stop at this redirect and get the 3xx response back. */
  shouldFollowRedirect?: (next: URL, hop: RedirectHop) => boolean;
  allowPrivateNetwork?: boolean;
  resolveRules?: readonly ResolveRule[];
  signal?: AbortSignal;
  /** DNS seam for tests; defaults to dns.lookup with all addresses. */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
  /** Called when a request (each redirect hop) has been handed to the network; pacing counts from then. */
  onRequestSent?: () => void;
  /**
   * Headers made for each hop's own URL, added to that hop only (a signature covers the host it
   * is sent to, so a redirect to another host needs its own).
   */
  headersForUrl?: (url: URL) => Promise<Record<string, string>>;
};
