import { getEnv } from "@/lib/env";
import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { rawPageSpeedSchema, type PageSpeedFailure, type PageSpeedResult, type PageSpeedStrategy } from "./schemas";
import { readFieldMetrics, readLabMetrics, summarizeAudits } from "./summarize";

export type PageSpeedOptions = {
  apiUrl?: string;
  apiKey?: string;
  enabled?: boolean;
  /** A Lighthouse run takes 10–60 s on Google's side. */
  timeoutMs?: number;
  signal?: AbortSignal;
};

export const DEFAULT_PAGESPEED_TIMEOUT_MS = 90_000;

/**
 * One PageSpeed Insights run. Never throws: a PageSpeed problem must not fail the
 * analysis job, so every failure (disabled, timeout, quota, bad answer, Lighthouse
 * runtime error) comes back as `{ ok: false, error }`. The endpoint is configured
 * by the operator (PAGESPEED_API_URL), not user input, so plain fetch is used.
 */
export async function runPageSpeed(url: string, strategy: PageSpeedStrategy, options: PageSpeedOptions = {}): Promise<PageSpeedResult> {
  const env = getEnv();
  // Messages quote the API's own text and Lighthouse's account of the page: stored with the audit.
  const fail = (kind: PageSpeedFailure["error"]["kind"], message: string, status: number | null = null): PageSpeedFailure => ({
    ok: false,
    strategy,
    url,
    error: { kind, message: boundText(message, QUOTED_TEXT_MAX), status },
  });
  if (!(options.enabled ?? env.PAGESPEED_ENABLED)) {
    return fail("disabled", "PageSpeed is disabled (PAGESPEED_ENABLED=false)");
  }

  const endpoint = new URL(options.apiUrl ?? env.PAGESPEED_API_URL);
  endpoint.searchParams.set("url", url);
  endpoint.searchParams.set("strategy", strategy);
  endpoint.searchParams.set("category", "performance");
  const key = options.apiKey ?? env.PAGESPEED_API_KEY;
  if (key) {
    endpoint.searchParams.set("key", key);
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_PAGESPEED_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let status: number;
  let text: string;
  try {
    const response = await fetch(endpoint, { signal, headers: { accept: "application/json" } });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) {
      return fail("timeout", `no PageSpeed answer within ${timeoutMs} ms`);
    }

    return fail("network", error instanceof Error ? error.message : String(error));
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(status >= 400 ? "http" : "invalid_response", `PageSpeed answered ${status} without JSON`, status);
  }
  if (status >= 400) {
    return fail(status === 429 ? "quota" : "http", readApiError(json) ?? `PageSpeed answered ${status}`, status);
  }

  const parsed = rawPageSpeedSchema.safeParse(json);
  if (!parsed.success) {
    return fail("invalid_response", "PageSpeed answer has no lighthouseResult", status);
  }
  const lighthouse = parsed.data.lighthouseResult;
  if (lighthouse.runtimeError?.code && lighthouse.runtimeError.code !== "NO_ERROR") {
    return fail("lighthouse", `${lighthouse.runtimeError.code}: ${lighthouse.runtimeError.message ?? ""}`.trim(), status);
  }

  const score = lighthouse.categories?.performance?.score;
  const audits = lighthouse.audits ?? {};

  return {
    ok: true,
    strategy,
    url,
    performanceScore: typeof score === "number" ? Math.round(score * 100) : null,
    metrics: readLabMetrics(audits),
    fieldMetrics: readFieldMetrics(parsed.data.loadingExperience),
    audits: summarizeAudits(audits),
    lighthouseVersion: lighthouse.lighthouseVersion ?? null,
    fetchedAt: lighthouse.fetchTime ?? new Date().toISOString(),
  };
}

/** Step `pagespeed`: mobile and desktop, one after the other (PSI quotas are per minute). */
export async function runPageSpeedAudits(url: string, options: PageSpeedOptions = {}): Promise<Record<PageSpeedStrategy, PageSpeedResult>> {
  const mobile = await runPageSpeed(url, "mobile", options);
  const desktop = await runPageSpeed(url, "desktop", options);

  return { mobile, desktop };
}

function readApiError(json: unknown): string | null {
  const message = (json as { error?: { message?: unknown } } | null)?.error?.message;

  return typeof message === "string" ? message : null;
}
