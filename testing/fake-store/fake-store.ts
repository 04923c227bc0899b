// One registered host: its catalog (for Shopify stores), fault injector, request counters/log
// and the advance() control. This is what `server.store(domain)` hands to tests.

import { advanceStore } from "./advance";
import { buildStore, type BuiltStore } from "./build-store";
import { FaultInjector } from "./faults";
import { mixSeed } from "./rng";
import type { AdvanceOptions, FakeChange, FaultConfig, RequestLogEntry, StoreCounters, StoreDefinition } from "./types";

/** The log keeps the most recent entries only, so long benchmarks do not grow memory; counters stay exact. */
const LOG_LIMIT = 10_000;

export interface StoreSummary {
  domain: string;
  kind: StoreDefinition["kind"];
  name: string | null;
  currency: string | null;
  products: number;
  collections: number;
  pages: number;
  password: boolean;
  jsonBlocked: boolean;
  exposeInventory: boolean;
  counters: StoreCounters;
}

export class FakeStore {
  readonly domain: string;
  /** Catalog state; null for a host that is not a Shopify store. */
  readonly shop: BuiltStore | null;
  /** Stable per domain (unless the definition sets one), served as `x-shopid` and meta.json `id`. */
  readonly shopId: number;
  /** Every host this store answers for: `domain` first, then its aliases and redirecting hosts. */
  readonly hosts: string[];
  /** Hosts that only redirect to `domain`. */
  readonly redirectHosts: ReadonlySet<string>;
  /** What the store says its `*.myshopify.com` host is (meta.json, `Shopify.shop`). */
  readonly myshopifyDomain: string;
  readonly faults = new FaultInjector();
  private entries: RequestLogEntry[] = [];
  private state: StoreCounters = emptyCounters();
  private steps = 0;
  private readonly sold = new Map<number, number>();
  private hooks: Array<{ path: RegExp; run: () => void }> = [];
  private holds: Array<{ path: RegExp; released: Promise<void> }> = [];
  private scheduled: Array<{ due: (seq: number, path: string) => boolean; options: AdvanceOptions }> = [];
  /** What the scheduled changes (changeAt) did, in the order they happened. */
  readonly changesDuringCrawl: FakeChange[] = [];

  constructor(readonly definition: StoreDefinition) {
    this.domain = normalizeHost(definition.domain);
    this.shop = definition.kind === "shopify" ? buildStore({ ...definition, domain: this.domain }) : null;
    this.shopId =
      (definition.kind === "shopify" ? definition.shopId : undefined) ??
      50_000_000_000 + (mixSeed(...[...this.domain].map((c) => c.charCodeAt(0))) % 1_000_000_000);
    const shopify = definition.kind === "shopify" ? definition : null;
    this.redirectHosts = new Set((shopify?.redirectFrom ?? []).map(normalizeHost).filter((host) => host !== this.domain));
    const others = [...(shopify?.aliases ?? []).map(normalizeHost), ...this.redirectHosts];
    this.hosts = [this.domain, ...others.filter((host, i) => host !== this.domain && others.indexOf(host) === i)];
    this.myshopifyDomain =
      (definition.kind === "shopify" ? definition.myshopifyDomain : undefined) ?? `${this.domain.split(".")[0] ?? "shop"}.myshopify.com`;
    if (definition.kind === "shopify") this.faults.set(definition.faults);
  }

  /** Replaces the fault config and restarts its request numbering at 1. */
  setFaults(config: FaultConfig | undefined): void {
    this.faults.set(config);
  }

  /** Moves the store forward in time; returns exactly the changes made. */
  advance(options: AdvanceOptions = {}): FakeChange[] {
    if (!this.shop) throw new Error(`${this.domain} is not a Shopify store`);
    const changes = advanceStore(this.shop, options, ++this.steps);
    for (const change of changes) {
      if ((change.kind === "sale" || change.kind === "restock") && change.unitsSold > 0) {
        this.sold.set(change.productId, (this.sold.get(change.productId) ?? 0) + change.unitsSold);
      }
    }
    return changes;
  }

  /** The truth: units sold per product id since the store was built, hidden sales included. */
  unitsSoldByProduct(): ReadonlyMap<number, number> {
    return this.sold;
  }

  /**
   * Changes the store while it is being read: `options` is applied just before the store
   * serves its `afterRequests + 1`-th request from now (0: before the very next one).
   */
  changeAt(afterRequests: number, options: AdvanceOptions): void {
    const atRequest = this.state.requests + afterRequests + 1;
    this.scheduled.push({ due: (seq) => seq >= atRequest, options });
  }

  /** Like changeAt, just before the first request whose path (with query) matches `path`. */
  changeBefore(path: RegExp, options: AdvanceOptions): void {
    this.scheduled.push({ due: (_seq, requested) => path.test(requested), options });
  }

  /**
   * Runs `run` once, just before the first request whose path (with query) matches `path` is
   * served: for tests of what happens to a job at that point of its crawl (in this process only).
   */
  beforeServing(path: RegExp, run: () => void): void {
    this.hooks.push({ path, run });
  }

  /**
   * Keeps every request whose path (with query) matches `path` unanswered until the returned
   * function is called: a job that cannot end before the test lets it, with no clock involved
   * (in this process only). Release within the scraper's timeout, or the request is retried.
   */
  holdRequests(path: RegExp): () => void {
    let release = () => {};
    const hold = { path, released: new Promise<void>((resolve) => (release = resolve)) };
    this.holds.push(hold);

    return () => {
      this.holds = this.holds.filter((held) => held !== hold);
      release();
    };
  }

  /** Resolves once no hold (holdRequests) keeps a request to `path` waiting. */
  async whileHeld(path: string): Promise<void> {
    for (const hold of this.holds.filter((held) => held.path.test(path))) await hold.released;
  }

  /** Called by the server before it answers a storefront request of this store. */
  beforeRequest(path: string): void {
    const hooks = this.hooks.filter((hook) => hook.path.test(path));
    this.hooks = this.hooks.filter((hook) => !hooks.includes(hook));
    for (const hook of hooks) hook.run();
    const seq = this.state.requests + 1;
    const due = this.scheduled.filter((s) => s.due(seq, path));
    if (due.length === 0) return;
    this.scheduled = this.scheduled.filter((s) => !due.includes(s));
    for (const { options } of due) this.changesDuringCrawl.push(...this.advance({ minutes: 0, ...options }));
  }

  counters(): StoreCounters {
    return { ...this.state, byStatus: { ...this.state.byStatus } };
  }

  /** Requests served (most recent LOG_LIMIT), oldest first. */
  log(): RequestLogEntry[] {
    return [...this.entries];
  }

  resetCounters(): void {
    this.state = emptyCounters();
    this.entries = [];
  }

  /** Called by the server for every storefront response of this store. */
  record(
    method: string,
    path: string,
    status: number,
    fault?: "rateLimited" | "securityRejected" | "locked" | "serverErrors",
    receivedAt = performance.now(),
  ): void {
    const seq = ++this.state.requests;
    this.state.byStatus[status] = (this.state.byStatus[status] ?? 0) + 1;
    if (fault) this.state[fault]++;
    this.entries.push({ seq, method, path, status, at: Date.now(), receivedAt });
    if (this.entries.length > LOG_LIMIT) this.entries.splice(0, this.entries.length - LOG_LIMIT);
  }

  summary(): StoreSummary {
    const def = this.definition;
    const shop = this.shop;
    return {
      domain: this.domain,
      kind: def.kind,
      name: shop?.settings.name ?? null,
      currency: shop?.settings.currency ?? null,
      products: shop?.catalog.size ?? 0,
      collections: shop?.collections.length ?? 0,
      pages: shop?.pages.length ?? 0,
      password: def.kind === "shopify" && def.password === true,
      jsonBlocked: def.kind === "shopify" && def.jsonBlocked === true,
      exposeInventory: def.kind === "shopify" && def.exposeInventory === true,
      counters: this.counters(),
    };
  }
}

export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

function emptyCounters(): StoreCounters {
  return { requests: 0, byStatus: {}, rateLimited: 0, securityRejected: 0, locked: 0, serverErrors: 0 };
}
