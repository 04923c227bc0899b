/**
 * What the public-site browser tests read: a published store (its report older than 30 days
 * as publish-reports leaves it), an unpublished one, a third (the directory's filters tell the
 * published and the third apart), and last week's data post, written into
 * the server's own database through the same code paths the crons use.
 */
import { publishWeeklyPost } from "../../lib/blog/publish-weekly-post";
import { weekBefore } from "../../lib/blog/weekly-stats";
import { seedAnalyzedStore } from "../../testing/directory-seed";

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

const now = new Date();
const lastWeek = new Date(weekBefore(now).start.getTime() + DAY);

await seedAnalyzedStore({
  domain: "published-shop.test",
  name: "Published Shop",
  products: 60,
  analyzedAt: lastWeek,
  firstAnalyzedAt: new Date(now.getTime() - 40 * DAY),
  publishedAt: new Date(now.getTime() - 5 * DAY),
  theme: "Dawn",
  apps: [{ slug: "judge-me" }, { slug: "loox" }],
  currency: "EUR",
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
await publishWeeklyPost(now);
