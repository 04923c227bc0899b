/**
 * What the public-site browser tests read: a published store (its report older than 30 days
 * as publish-reports leaves it), an unpublished one, a third (the directory's filters tell the
 * published and the third apart), and last week's data post, written into
 * the server's own database through the same code paths the crons use.
 */
import { publishWeeklyPost } from "../../lib/blog/publish-weekly-post";
import { weekBefore } from "../../lib/blog/weekly-stats";
import { seedAnalyzedStore, seedAppEvent } from "../../testing/directory-seed";

const DAY = 24 * 3600_000;

// The server prepares its database as it starts: seed once it answers.
const health = `http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`;
for (let ready = false; !ready;) {
  ready = await fetch(health).then(
    (r) => r.ok,
    () => false,
  );
  if (!ready) await new Promise((r) => setTimeout(r, 200));
}

const found = (evidence: string) => ({ evidence, source: "anchor", confidence: "high" }) as const;
/** What the published store's report read on its storefront (the store page's "Marketing, socials and agents"). */
const storefrontMetadata = {
  marketing: {
    value: {
      tags: [{ kind: "meta-pixel", name: "Meta pixel", id: "1234567890", ...found("fbq('init', '1234567890')"), source: "inline-script" }],
      custom_pixels: { count: 0, names: [] },
    },
    basis: "observed",
  },
  socials: {
    value: {
      profiles: [
        {
          network: "instagram",
          url: "https://www.instagram.com/publishedshop/",
          handle: "publishedshop",
          seen_on: "/",
          ...found("instagram.com/publishedshop"),
        },
      ],
      emails: [],
      phones: [],
    },
    basis: "observed",
  },
  markets: {
    value: {
      languages: [{ code: "is", url: "https://published-shop.test/is" }],
      language_count: 1,
      locale: "en",
      visitor_country: "IS",
      presentment_currency: "EUR",
    },
    basis: "observed",
  },
  agent_readiness: {
    value: {
      storefront_mcp: { status: "answers", http_status: 200, detail: null, tools: ["search_shop_catalog", "get_cart"], tool_count: 2 },
      ucp_profile: { status: "absent", http_status: 404, detail: "404", version: null, capabilities: [], capability_count: 0 },
      llms_txt: { status: "answers", http_status: 200, detail: null, bytes: 120, heading: "# Published Shop" },
      ai_crawlers: { everyone: "allowed", crawlers: [{ agent: "GPTBot", verdict: "disallowed" }] },
    },
    basis: "observed",
  },
};

const now = new Date();
const lastWeek = new Date(weekBefore(now).start.getTime() + DAY);

const published = await seedAnalyzedStore({
  domain: "published-shop.test",
  name: "Published Shop",
  products: 60,
  analyzedAt: lastWeek,
  firstAnalyzedAt: new Date(now.getTime() - 40 * DAY),
  publishedAt: new Date(now.getTime() - 5 * DAY),
  theme: "Dawn",
  apps: [{ slug: "judge-me" }, { slug: "loox" }],
  currency: "EUR",
  metadata: storefrontMetadata,
  technologies: {
    tags: ["google-analytics-4", "meta-pixel"],
    languages: ["en", "is"],
    markets: ["IS", "NO"],
    agent: ["storefront_mcp", "llms_txt"],
  },
});
await seedAnalyzedStore({ domain: "fresh-shop.test", name: "Fresh Shop", products: 5, analyzedAt: lastWeek, theme: "Sense" });
await seedAnalyzedStore({
  domain: "third-shop.test",
  name: "Third Shop",
  products: 8,
  analyzedAt: lastWeek,
  theme: "Dawn",
  apps: [{ slug: "judge-me" }],
  technologies: { tags: ["meta-pixel"], languages: ["en"], markets: ["IS"], agent: ["llms_txt"] },
});
// A segment's store (e2e/directory-segments.spec.ts): Judge.me without Loox, 12 products, in Portugal;
// and the timeline's installs of Judge.me the app page counts by week.
const segment = await seedAnalyzedStore({
  domain: "segment-shop.test",
  name: "Segment Shop",
  products: 12,
  analyzedAt: lastWeek,
  theme: "Dawn",
  country: "PT",
  apps: [{ slug: "judge-me" }],
});
await seedAppEvent({
  store: segment.store,
  jobId: segment.jobId,
  kind: "app_installed",
  app: "judge-me",
  at: new Date(now.getTime() - 2 * DAY),
});
await seedAppEvent({
  store: published.store,
  jobId: published.jobId,
  kind: "app_removed",
  app: "judge-me",
  at: new Date(now.getTime() - 9 * DAY),
});
await publishWeeklyPost(now);
