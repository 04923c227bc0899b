// Fault injection. Decides, from the request number since the faults were configured, whether
// this request gets a 429 / 430 / 423 / 5xx instead of its real answer.

import type { FaultConfig, FaultRule } from "./types";

export interface FaultResponse {
  status: number;
  kind: "rateLimited" | "securityRejected" | "locked" | "serverErrors";
  headers: Record<string, string>;
  body: string;
}

function hits(rule: FaultRule | undefined, n: number): boolean {
  if (!rule) return false;
  if (rule.firstN !== undefined && n <= rule.firstN) return true;
  return rule.everyK !== undefined && rule.everyK > 0 && n % rule.everyK === 0;
}

const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

export class FaultInjector {
  private config: FaultConfig = {};
  /** In-scope requests since the config was set. */
  private seq = 0;
  private serverErrorsServed = 0;

  set(config: FaultConfig | undefined): void {
    this.config = config ?? {};
    this.seq = 0;
    this.serverErrorsServed = 0;
  }

  get latencyMs(): number {
    return this.config.latencyMs ?? 0;
  }

  /** Called once per storefront request; returns the fault to serve, if any. */
  next(isJsonEndpoint: boolean): FaultResponse | null {
    if (this.config.scope === "json" && !isJsonEndpoint) return null;
    const n = ++this.seq;
    const { rateLimit, securityRejection, locked, serverErrors } = this.config;
    if (hits(rateLimit, n)) {
      const retryAfter = rateLimit?.retryAfterSeconds === undefined ? 2 : rateLimit.retryAfterSeconds;
      return {
        status: 429,
        kind: "rateLimited",
        headers: retryAfter === null ? {} : { "retry-after": String(retryAfter) },
        body: page("Too Many Requests"),
      };
    }
    if (hits(securityRejection, n)) {
      return { status: 430, kind: "securityRejected", headers: {}, body: page("Shopify Security Rejection") };
    }
    if (hits(locked, n)) {
      return { status: 423, kind: "locked", headers: {}, body: page("Locked") };
    }
    if (hits(serverErrors, n)) {
      const statuses = serverErrors?.statuses?.length ? serverErrors.statuses : [503];
      const status = statuses[this.serverErrorsServed++ % statuses.length] ?? 503;
      return { status, kind: "serverErrors", headers: {}, body: page("Service Unavailable") };
    }
    return null;
  }
}
