import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { buildSitemapIndex, listSitemapIds, readSitemap, SITEMAP_MAX_URLS } from "./sitemap";

// 50,001 published stores: one more than a sitemap file may hold.
const PUBLISHED = SITEMAP_MAX_URLS + 1;

beforeAll(async () => {
  await getDb().execute(sql`
    insert into stores (domain, slug, name, latest_job_id, first_analyzed_at, last_analyzed_at, published_at)
    select 'store-' || g || '.test', 'store-' || lpad(g::text, 6, '0'), 'Store ' || g, gen_random_uuid(),
           timestamptz '2026-01-01' , timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-02-01'
    from generate_series(1, ${PUBLISHED}) g`);
  await getDb().execute(sql`
    insert into stores (domain, slug, latest_job_id, first_analyzed_at, last_analyzed_at)
    values ('unpublished.test', 'unpublished-test', gen_random_uuid(), now(), now())`);
}, 120_000);

describe("sitemap", () => {
  it("splits the stores into files of at most 50,000 URLs, each URL once, with lastmod", async () => {
    const ids = await listSitemapIds();
    expect(ids).toEqual(["static", "stores-0", "stores-1"]);

    const first = await readSitemap("stores-0");
    const second = await readSitemap("stores-1");
    expect(first).toHaveLength(SITEMAP_MAX_URLS);
    expect(second).toHaveLength(1);
    const urls = new Set([...first, ...second].map((entry) => entry.url));
    expect(urls.size).toBe(PUBLISHED);
    expect(urls.has("http://localhost:3000/stores/unpublished-test")).toBe(false);
    expect(second[0]).toEqual({
      url: "http://localhost:3000/stores/store-050001",
      lastModified: new Date(Date.parse("2026-01-01T00:00:00Z") + PUBLISHED * 1000),
      changeFrequency: "weekly",
    });
    expect(await readSitemap("stores-2")).toEqual([]);
    expect(await readSitemap("../etc")).toEqual([]);
  });

  it("lists the child sitemaps in the index at /sitemap.xml", async () => {
    const xml = await buildSitemapIndex();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "http://localhost:3000/sitemaps/sitemap/static.xml",
      "http://localhost:3000/sitemaps/sitemap/stores-0.xml",
      "http://localhost:3000/sitemaps/sitemap/stores-1.xml",
    ]);
  });

  it("lists a theme's market report once a published store runs it", async () => {
    await getDb().execute(sql`update stores set theme_name = 'Dawn' where slug in ('store-000001', 'store-000002')`);
    await getDb().execute(sql`update stores set theme_name = 'Secret Theme' where slug = 'unpublished-test'`);

    expect(await listSitemapIds()).toContain("themes-0");
    expect((await readSitemap("themes-0")).map((entry) => entry.url)).toEqual(["http://localhost:3000/themes/dawn"]);
  });
});
