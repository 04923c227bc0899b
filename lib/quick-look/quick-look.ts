import type { z } from "zod";
import { agentReadinessReport } from "@/lib/agent-readiness/agent-readiness-report";
import { checkAgentReadiness } from "@/lib/agent-readiness/check-agent-readiness";
import type { AgentEndpoints } from "@/lib/agent-readiness/schemas";
import { nameAppsFromAppStore, type NamedApps } from "@/lib/apps/app-store/name-from-app-store";
import { x402JobPriceUsd } from "@/lib/billing/x402/enabled";
import { ByteLru } from "@/lib/byte-lru";
import { getEnv } from "@/lib/env";
import { buildFindings } from "@/lib/findings";
import { enforceRateLimit } from "@/lib/limits/rate-limit";
import { logger } from "@/lib/log";
import { readStorefront } from "@/lib/pipeline/read-storefront";
import { describeStoreFailure } from "@/lib/pipeline/store-failures";
import { emptyCrawlStats, runWithCrawlContext } from "@/lib/shopify-reader/crawl-context";
import { fetchStorefrontHtml } from "@/lib/shopify-reader/fetch-home-page";
import type { StoreFetchOptions } from "@/lib/shopify-reader/fetch-store";
import { isStoreFailure } from "@/lib/shopify-reader/outcomes";
import { readRobots, robotsPolicy, type RobotsRecord } from "@/lib/shopify-reader/robots";
import { quickLookSchema, type QuickLook } from "./schemas";

/** A look at a store whose home page was read is answered from memory this long. */
export const QUICK_LOOK_TTL_MS = 6 * 3600_000;
/** One whose page could not be read (down, blocked, password) is asked again sooner. */
export const UNREAD_TTL_MS = 10 * 60_000;
/** Looks kept in memory, by their JSON's size: a look is a few KB, so thousands of domains. */
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * A visitor waits for the answer: one retry at most, a short timeout, and a store asking us to
 * come back later is told so rather than waited for (the analysis, a background job, waits).
 */
const QUICK: StoreFetchOptions = { maxRetries: 1, timeoutMs: 10_000, maxRetryAfterMs: 5_000 };

const readingSchema = quickLookSchema.omit({ fresh_until: true, full_analysis: true });
type Reading = z.infer<typeof readingSchema>;
type Kept = { reading: Reading; freshUntil: number };

const kept = new ByteLru<Kept>(
  () => CACHE_BYTES,
  (entry) => JSON.stringify(entry.reading).length,
);
/** Readings under way, so visitors asking about the same store at once share one set of requests. */
const underWay = new Map<string, Promise<Kept>>();

/** Forgets every kept look (tests). */
export function clearQuickLooks(): void {
  kept.clear();
}

/**
 * GET /api/quick-look: what the store's home page alone says (theme, apps, tags, socials,
 * languages, agent readiness), for anyone, without an account. It is not a job: no row, no
 * quota; each client address (`clientKey`, requestLimitKey) has QUICK_LOOKS_PER_DAY_PER_IP a
 * day, counted in the database like the other limits, whether the look comes from memory or
 * from the store. A look is kept per domain for QUICK_LOOK_TTL_MS.
 */
export async function getQuickLook(domain: string, clientKey: string, now = Date.now()): Promise<QuickLook> {
  if (clientKey !== "unknown") {
    const perDay = getEnv().QUICK_LOOKS_PER_DAY_PER_IP;
    await enforceRateLimit(
      `quick-look:ip:${clientKey}`,
      perDay,
      "day",
      `At most ${perDay} quick looks a day from one address; sign up for full analyses`,
    );
  }
  const { reading, freshUntil } = await keptOrRead(domain, now);

  return { ...reading, fresh_until: new Date(freshUntil).toISOString(), full_analysis: fullAnalysis(domain) };
}

async function keptOrRead(domain: string, now: number): Promise<Kept> {
  const found = kept.get(domain);
  if (found && found.freshUntil > now) return found;
  const running = underWay.get(domain);
  if (running) return running;
  const reading = readQuickLook(domain)
    .then((reading) => {
      const entry = { reading, freshUntil: Date.now() + (reading.home_page.read ? QUICK_LOOK_TTL_MS : UNREAD_TTL_MS) };
      kept.set(domain, entry);

      return entry;
    })
    .finally(() => underWay.delete(domain));
  underWay.set(domain, reading);

  return reading;
}

/**
 * Reads the store as an analysis does, through the store crawler (signed, paced, SSRF-guarded,
 * size-capped): robots.txt first, whose rules every later request obeys, then the home page,
 * then, when it answered, the three agent endpoints (one request each). Nothing is written.
 */
async function readQuickLook(domain: string): Promise<Reading> {
  const readAt = new Date().toISOString();
  const robots = await readRobots(domain, QUICK);
  const record: RobotsRecord | null = isStoreFailure(robots) ? null : robots;
  const { page, agents } = isStoreFailure(robots)
    ? { page: robots, agents: null }
    : await runWithCrawlContext({ robots: robotsPolicy(robots), stats: emptyCrawlStats() }, async () => {
        const home = await fetchStorefrontHtml(domain, QUICK);
        // A store that did not give its home page is not asked anything more.
        const found: AgentEndpoints | null = isStoreFailure(home) ? null : await checkAgentReadiness(domain, QUICK);

        return { page: home, agents: found };
      });
  const { storefront, isShopify } = await readStorefront(page, domain, namesReadOnly);
  const findings = buildFindings(
    { storefront, pages: null },
    { agent_readiness: agentReadinessReport(agents, record), cut_to_limits: undefined, crawl: undefined, render: undefined },
  );
  const problem = isStoreFailure(page)
    ? describeStoreFailure(domain, page)
    : isShopify
      ? null
      : { code: "not_shopify", error: `${domain} does not look like a Shopify store: its home page carries none of Shopify's markers` };

  // Parsed into the answer's shape: the artifact's theme also carries the fields it is stored with.
  return readingSchema.parse({
    domain,
    read_at: readAt,
    home_page: {
      read: storefront.fetched,
      url: isStoreFailure(page) ? null : page.url,
      title: storefront.title,
      shopify: isShopify,
      problem: problem && { code: problem.code, message: problem.error },
    },
    theme: findings.theme.value,
    apps: findings.apps.value,
    unidentified_apps: findings.unidentified_apps?.value ?? [],
    marketing: findings.marketing?.value ?? null,
    socials: findings.socials?.value ?? null,
    markets: findings.markets?.value ?? null,
    technologies: findings.technologies?.value ?? [],
    agent_readiness: findings.agent_readiness!.value,
  });
}

/**
 * App handles named after the App Store listings looked up before, read only: a visitor's look
 * records no handle and asks for no lookup. Unread names leave the handles unidentified.
 */
async function namesReadOnly(detection: Omit<NamedApps, "newHandles">): Promise<NamedApps> {
  try {
    return await nameAppsFromAppStore(detection, { recordNew: false });
  } catch (error) {
    logger.warn("app store names not read for a quick look", { error: String(error) });

    return { ...detection, newHandles: [] };
  }
}

/** Where the full analysis is: an account (sign up, then the dashboard with the domain filled in), or x402 per job. */
function fullAnalysis(domain: string): QuickLook["full_analysis"] {
  const dashboard = `/dashboard?domain=${encodeURIComponent(domain)}`;

  return { sign_up_url: `/sign-up?callbackUrl=${encodeURIComponent(dashboard)}`, x402_price_usd: x402JobPriceUsd() };
}
