/**
 * Fake Shopify store server for tests, demos and benchmarks.
 *
 * One loopback node:http server serves many stores, chosen by the Host header (port ignored).
 * StoreLens reaches it with `SHOP_RESOLVE=*.test=http://127.0.0.1:PORT` + `ALLOW_PRIVATE_NETWORK=true`
 * (add `*.myshopify.com=http://127.0.0.1:PORT`, as testing/pipeline.ts does, so that confirming a
 * shop's identity on its myshopify host stays on loopback too).
 * Behavior follows docs/decisions.md §13.1 and the real captures in ./fixtures.
 *
 * Server
 *   startFakeStore({ port?, host? }) -> Promise<FakeStoreServer>
 *     .origin "http://127.0.0.1:PORT", .port, .shopResolve(pattern = "*.test")
 *     .addStore(def) -> FakeStore      .store(domain) -> FakeStore (throws if unknown)
 *     .findStore(domain) / .removeStore(domain) / .stores()      .close()
 *     .requireSignatures({ trustedAgents? } | null) / .botAuthStats()   Web Bot Auth as Shopify
 *       enforces it (bot-auth.ts): requests signed by a key of the directory their Signature-Agent
 *       names are served freely, the rest one a second per store (429 unsigned / 430 bad signature).
 *       Off by default; startFakeStore({ botAuth }) starts with it on.
 *   FakeStore (per host)
 *     .counters() { requests, byStatus, rateLimited, securityRejected, locked, serverErrors }
 *     .log() [{ seq, method, path, status, at }] (last 10,000)   .resetCounters()
 *     .setFaults(FaultConfig)   (request numbering restarts at 1)
 *     .advance(AdvanceOptions) -> FakeChange[]  (exact list of what changed; seeded)
 *     .changeBefore(path, AdvanceOptions) / .beforeServing(path, run)  (just before a matching request)
 *     .holdRequests(path) -> release()  (matching requests wait unanswered until release is called)
 *     .summary()
 *
 * Store definitions (plain JSON; same objects as POST /__fake/stores)
 *   fixtureStore(domain, overrides?)              real izabeldepaula catalog, 22 products, EUR/PT
 *   lanewayStore(domain, { products? })           real Laneway collections + frontpage product, AUD/AU
 *   generatedStore(domain, { products, seed?, hugeVariantsEvery? })   lazy, 30k-50k products is cheap
 *   passwordStore(domain)                         302 -> /password; JSON endpoints answer the HTML page
 *   flakyStore(domain, faults)                    429 (+Retry-After) / 430 / 5xx / latency
 *   inventoryStore(domain)                        variants carry inventory_quantity
 *   blockedStore(domain)                          403 (Cloudflare) on JSON endpoints
 *   notShopifySite(domain)                        200 text/html for everything (as any unknown host)
 *   Any definition takes overrides: seed, name, currency, country, exposeInventory, password,
 *   jsonBlocked, listingContentType (/products.json answers an HTML page under that header, of
 *   any length), apps (raw HTML snippets, see SAMPLE_APPS), theme, pages, now, faults,
 *   aliases (more hosts serving the same shop, e.g. "shop.myshopify.com"), redirectFrom (hosts
 *   that 301 to the store's domain, as a shop's other domains do), myshopifyDomain and shopId
 *   (what meta.json claims; an impostor can claim another shop's), oversized (generated products
 *   grown past Shopify's limits: a title of N bytes, N tags, N variants, image URLs of N bytes).
 *
 * Endpoints per store: /, /products/<h> (HTML), /password, /products.json, /products/<h>.json,
 *   /products/<h>.js, /collections.json, /collections/<h>/products.json, /pages.json, /meta.json,
 *   /sitemap.xml, /sitemap_{products,pages,collections}_N.xml?from&to, /robots.txt, and for AI
 *   agents POST /api/mcp (Storefront MCP tools/list), /.well-known/ucp, /llms.txt (each off with
 *   storefrontMcp / ucpProfile / llmsTxt: false).
 * Control API (any host): see control-api.ts (GET/POST /__fake/stores, .../advance, .../faults, ...).
 *
 * Tests: requestAs(origin, host, path, init?) sends a request with that Host header
 *   (fetch cannot); controlRequest(origin, method, path, body?) calls /__fake/.
 * Standalone: `npm run fake-store` (cli.ts; FAKE_STORE_PORT, default 4010).
 */

export { startFakeStore, type FakeStoreServer, type StartOptions } from "./server";
export { FakeStore, type StoreSummary } from "./fake-store";
export { BotAuthGate, fetchDirectory, rfc7638Thumbprint, type BotAuthOptions, type BotAuthStats, type BotAuthVerdict } from "./bot-auth";
export {
  SAMPLE_APPS,
  blockedStore,
  fixtureStore,
  flakyStore,
  generatedStore,
  inventoryStore,
  lanewayStore,
  notShopifySite,
  passwordStore,
} from "./definitions";
export { controlRequest, requestAs, type FakeResponse, type RequestAsInit } from "./request-as";
export { FAKE_STORE_TAG_IDS, SENSE_THEME } from "./html";
export { LISTING_VARIANT_LIMIT } from "./shapes";
export { MAX_LIMIT, PAGE_CAP_ERROR, PAGE_LIMIT_CAP } from "./storefront";
export { SITEMAP_CHUNK } from "./sitemap";
export type {
  AdvanceOptions,
  CatalogSource,
  FakeChange,
  FaultConfig,
  FaultRule,
  NotShopifyDefinition,
  OversizedProducts,
  RequestLogEntry,
  ShopifyStoreDefinition,
  StoreCounters,
  StoreDefinition,
  ThemeInfo,
} from "./types";
