import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { getEnv } from "@/lib/env";
import { boundText, MESSAGE_TEXT_MAX, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { BodyTooLargeError, readBody } from "./read-body";
import { parseResolveRules, type ResolveRule } from "./resolve-rules";
import { lookupAllAddresses, resolveTarget, type ConnectTarget, type TargetSettings } from "./resolve-target";
import type { NetError, NetErrorKind, RedirectHop, SafeFetchOptions, SafeFetchResult } from "./types";

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

// Keep-alive pools keyed by (vetted address, port, servername): a crawl of one store
// reuses its connection instead of a TLS handshake per page.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

class TimeoutSignal extends Error {}

/**
 * The one HTTP client for user-supplied hosts (stores, webhook receivers). Never
 * throws: every failure comes back as a classified `NetError`. See SafeFetchOptions
 * for the knobs; defaults come from getEnv().
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const env = getEnv();
  const timeoutMs = options.timeoutMs ?? env.SCRAPER_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", forwardAbort, { once: true });
  if (options.signal?.aborted) {
    forwardAbort();
  }

  const url = String(input);
  try {
    const result = await followHops(url, options, controller.signal);

    return result.ok ? result : { ok: false, error: bounded(result.error) };
  } catch (error) {
    return { ok: false, error: bounded(classifyFailure(error, controller.signal, url, timeoutMs)) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }
}

async function followHops(input: string, options: SafeFetchOptions, signal: AbortSignal): Promise<SafeFetchResult> {
  const settings = targetSettings(options, signal);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const redirects: RedirectHop[] = [];
  let method = (options.method ?? "GET").toUpperCase();
  let body = options.body;
  let headers = { ...options.headers };
  let current = parseHttpUrl(input);
  if (!current.ok) {
    return current;
  }

  for (;;) {
    const url = current.url;
    const resolved = await resolveTarget(url, settings);
    if (!resolved.ok) {
      return resolved;
    }
    const hopHeaders = options.headersForUrl ? { ...headers, ...(await options.headersForUrl(url)) } : headers;
    const res = await sendRequest(resolved.target, url, { method, headers: hopHeaders, body, signal, onSent: options.onRequestSent });
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (isRedirectStatus(status) && location) {
      const next = parseHttpUrl(location, url);
      const hop: RedirectHop = { url: url.href, status, location };
      const wantsFollow = next.ok && maxRedirects > 0 && (options.shouldFollowRedirect?.(next.url, hop) ?? true);
      if (next.ok && wantsFollow) {
        // Destroy, never drain: a hostile 3xx can stream an endless body to pin the socket.
        res.destroy();
        if (redirects.length >= maxRedirects) {
          return fail("too_many_redirects", `more than ${maxRedirects} redirects`, url.href);
        }
        redirects.push(hop);
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = undefined;
        }
        headers = headersForNextHop(headers, url, next.url, body === undefined);
        current = next;
        continue;
      }
    }

    const {
      body: text,
      bytes,
      raw,
    } = method === "HEAD" ? { body: "", bytes: 0, raw: Buffer.alloc(0) } : await readBody(res, maxBytes, options.byteBudget);

    return {
      ok: true,
      response: {
        status,
        headers: flattenHeaders(res),
        setCookies: res.headers["set-cookie"] ?? [],
        body: text,
        bytes,
        ...(options.binary ? { raw } : {}),
        url: url.href,
        redirects,
      },
    };
  }
}

function sendRequest(
  target: ConnectTarget,
  url: URL,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string | Uint8Array | undefined;
    signal: AbortSignal;
    onSent?: () => void;
  },
): Promise<IncomingMessage> {
  const isHttps = target.protocol === "https:";
  const headers: Record<string, string> = {
    "accept-encoding": "gzip, deflate, br",
    ...lowerCaseKeys(init.headers),
    host: target.hostHeader,
  };
  if (init.body !== undefined) {
    headers["content-length"] = String(Buffer.byteLength(init.body));
  }

  return new Promise((resolve, reject) => {
    const request = (isHttps ? https : http).request({
      host: target.address,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: init.method,
      headers,
      agent: isHttps ? httpsAgent : httpAgent,
      servername: isHttps ? target.servername : undefined,
      signal: init.signal,
    });
    request.once("response", resolve);
    request.once("error", reject);
    if (init.onSent) request.once("finish", init.onSent);
    request.end(init.body);
  });
}

function targetSettings(options: SafeFetchOptions, signal: AbortSignal): TargetSettings {
  const env = getEnv();
  const lookup = options.lookup ?? lookupAllAddresses;

  return {
    allowPrivateNetwork: options.allowPrivateNetwork ?? env.ALLOW_PRIVATE_NETWORK,
    resolveRules: options.resolveRules ?? envResolveRules(env.SHOP_RESOLVE),
    // dns.lookup cannot be cancelled; racing it keeps the call inside its deadline.
    lookup: (hostname) => raceAbort(lookup(hostname), signal),
  };
}

let cachedRules: { source: string; rules: ResolveRule[] } | undefined;

function envResolveRules(source: string): ResolveRule[] {
  if (cachedRules?.source !== source) {
    cachedRules = { source, rules: parseResolveRules(source) };
  }

  return cachedRules.rules;
}

function parseHttpUrl(value: string, base?: URL): { ok: true; url: URL } | { ok: false; error: NetError } {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fail("invalid_url", `not a URL: ${value}`, value);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return fail("invalid_url", `only http and https are allowed, got ${url.protocol}`, url.href);
  }
  if (url.username || url.password) {
    return fail("invalid_url", "credentials in URLs are not allowed", url.href);
  }

  return { ok: true, url };
}

/** Credentials never follow a redirect to another origin; a dropped body takes its headers along. */
function headersForNextHop(headers: Record<string, string>, from: URL, to: URL, bodyDropped: boolean) {
  const sameOrigin = from.origin === to.origin;

  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => {
      const key = name.toLowerCase();
      if (!sameOrigin && (key === "authorization" || key === "cookie")) {
        return false;
      }

      return !(bodyDropped && (key === "content-type" || key === "content-length"));
    }),
  );
}

function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && name !== "set-cookie") {
      out[name] = Array.isArray(value) ? value.join(", ") : value;
    }
  }

  return out;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    return Promise.reject(signal.reason);
  }

  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NODATA", "EAI_NONAME", "EAI_FAIL", "ENODATA"]);

function classifyFailure(error: unknown, signal: AbortSignal, url: string, timeoutMs: number): NetError {
  if (error instanceof BodyTooLargeError) {
    return { kind: "too_large", message: error.message, url };
  }
  if (signal.aborted) {
    return signal.reason instanceof TimeoutSignal
      ? { kind: "timeout", message: `no complete answer within ${timeoutMs} ms`, url }
      : { kind: "aborted", message: "request aborted by the caller", url };
  }
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const kind: NetErrorKind = typeof code === "string" && DNS_CODES.has(code) ? "dns" : "network";

  return { kind, message, url };
}

/**
 * Every caller quotes a NetError in messages it stores or logs, and its text is the other side's:
 * a Location header, a host name, Node's account of a malformed answer. Cut once, here.
 */
function bounded(error: NetError): NetError {
  return { kind: error.kind, message: boundText(error.message, QUOTED_TEXT_MAX), url: boundText(error.url, MESSAGE_TEXT_MAX) };
}

function fail(kind: NetErrorKind, message: string, url: string): { ok: false; error: NetError } {
  return { ok: false, error: { kind, message, url } };
}
