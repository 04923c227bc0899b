// The node:http server. One origin serves every registered store: the Host header (port
// ignored) picks the store, as when StoreLens runs with SHOP_RESOLVE=*.test=http://127.0.0.1:PORT.
// Unregistered hosts answer like an ordinary non-Shopify website.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { BotAuthGate, type BotAuthOptions, type BotAuthStats } from "./bot-auth";
import { CONTROL_PREFIX, handleControl, type StoreRegistry } from "./control-api";
import { FakeStore, normalizeHost } from "./fake-store";
import { notShopifyHtml } from "./html";
import { html, redirect, type Reply } from "./reply";
import { isDataEndpoint, serveStorefront } from "./storefront";
import { MCP_BODY_MAX } from "./agents";
import type { StoreDefinition } from "./types";

const MAX_CONTROL_BODY = 1_000_000;

export interface StartOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /**
   * Web Bot Auth as Shopify enforces it (bot-auth.ts): verified requests are served freely, the
   * rest one a second per store with 429/430. Off by default; `requireSignatures()` switches it.
   */
  botAuth?: BotAuthOptions;
}

export interface FakeStoreServer extends StoreRegistry {
  /** "http://127.0.0.1:PORT" */
  readonly origin: string;
  readonly port: number;
  /** Value for StoreLens' SHOP_RESOLVE, e.g. "*.test=http://127.0.0.1:4010". */
  shopResolve(pattern?: string): string;
  /** Registers (or replaces) a store; returns its handle. */
  addStore(def: StoreDefinition): FakeStore;
  /** Handle of a registered store; throws if there is none (tests want a loud failure). */
  store(domain: string): FakeStore;
  /** Switches Web Bot Auth enforcement on (fresh directory cache and stats) or off (null). */
  requireSignatures(options: BotAuthOptions | null): void;
  /** What the Web Bot Auth check saw since it was switched on (null when off). */
  botAuthStats(): BotAuthStats | null;
  close(): Promise<void>;
}

export async function startFakeStore(options: StartOptions = {}): Promise<FakeStoreServer> {
  /** Host → store; a store with aliases is reachable under each of its hosts. */
  const stores = new Map<string, FakeStore>();
  const unregister = (store: FakeStore | undefined): boolean => {
    if (!store) return false;
    for (const [host, held] of stores) if (held === store) stores.delete(host);
    return true;
  };
  const registry: StoreRegistry = {
    addStore(def) {
      const store = new FakeStore(def);
      for (const host of store.hosts) {
        unregister(stores.get(host));
        stores.set(host, store);
      }
      return store;
    },
    removeStore: (domain) => unregister(stores.get(normalizeHost(domain))),
    findStore: (domain) => stores.get(normalizeHost(domain)),
    stores: () => [...new Set(stores.values())],
  };

  const gate: { current: BotAuthGate | null } = { current: options.botAuth ? new BotAuthGate(options.botAuth) : null };
  const server = createServer((req, res) => {
    handle(registry, gate.current, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });
  // Keep-alive sockets would otherwise hold close() open until they time out.
  server.keepAliveTimeout = 1_000;

  const bindHost = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${bindHost.includes(":") ? `[${bindHost}]` : bindHost}:${port}`;

  return {
    ...registry,
    origin,
    port,
    shopResolve: (pattern = "*.test") => `${pattern}=${origin}`,
    store(domain) {
      const found = registry.findStore(domain);
      if (!found) throw new Error(`fake store: no store registered for ${domain}`);
      return found;
    },
    requireSignatures(botAuth) {
      gate.current = botAuth ? new BotAuthGate(botAuth) : null;
    },
    botAuthStats: () => gate.current?.stats() ?? null,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(registry: StoreRegistry, gate: BotAuthGate | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = performance.now();
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", "http://fake-store.invalid");

  if (url.pathname.startsWith(CONTROL_PREFIX)) {
    const body = await readBody(req);
    send(res, method, handleControl(registry, method, url.pathname, body));
    return;
  }
  // Storefront requests carry no body we care about, but for a JSON-RPC call to /api/mcp.
  const body = method === "POST" && url.pathname === "/api/mcp" ? await readBody(req, MCP_BODY_MAX).catch(() => "") : "";
  req.resume();

  const host = normalizeHost(req.headers.host ?? "");
  const store = registry.findStore(host);
  if (!store) {
    send(res, method, html(notShopifyHtml(host, url.pathname + url.search)));
    return;
  }
  if (gate && store.shop) {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined),
    );
    const target = `https://${req.headers.host ?? host}${url.pathname}${url.search}`;
    const { throttleStatus } = await gate.admit(store.domain, { method, url: target, headers });
    if (throttleStatus) {
      const reply = throttled(throttleStatus);
      store.record(
        method,
        url.pathname + url.search,
        reply.status,
        throttleStatus === 429 ? "rateLimited" : "securityRejected",
        receivedAt,
      );
      send(res, method, reply);
      return;
    }
  }
  if (store.redirectHosts.has(host)) {
    const reply = redirect(`https://${store.domain}${url.pathname}${url.search}`, 301);
    store.record(method, url.pathname + url.search, reply.status, undefined, receivedAt);
    send(res, method, reply);
    return;
  }
  if (store.shop) await store.whileHeld(url.pathname + url.search);
  if (store.shop) store.beforeRequest(url.pathname + url.search);
  const fault = store.shop ? store.faults.next(isDataEndpoint(url.pathname)) : null;
  const reply: Reply = fault
    ? { status: fault.status, headers: { "content-type": "text/html; charset=utf-8", ...fault.headers }, body: fault.body }
    : serveStorefront(store, url, { method, body });
  if (store.faults.latencyMs > 0) await sleep(store.faults.latencyMs);
  store.record(method, url.pathname + url.search, reply.status, fault?.kind, receivedAt);
  send(res, method, reply);
}

function throttled(status: 429 | 430): Reply {
  const title = status === 429 ? "Too Many Requests" : "Shopify Security Rejection";

  return {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": "1" },
    body: `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
  };
}

function send(res: ServerResponse, method: string, reply: Reply): void {
  const body = Buffer.from(reply.body, "utf8");
  res.writeHead(reply.status, { ...reply.headers, "content-length": String(body.length) });
  res.end(method === "HEAD" ? undefined : body);
}

async function readBody(req: IncomingMessage, max = MAX_CONTROL_BODY): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new Error("request body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}
