import { and, asc, countDistinct, desc, eq, isNotNull, lte, max, ne, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { blogPosts, jobs, reportPublications, reports, storeApps, stores } from "@/db/schema";
import { SAMPLE_STORE } from "@/lib/sample-report/sample-store";
import { isReportPublic } from "@/lib/publishing/report-publication";
import { siteUrl } from "@/lib/site-url";

/** The sitemap protocol's cap on URLs per file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = {
  url: string;
  lastModified?: Date;
  changeFrequency?: "daily" | "weekly" | "monthly" | "never";
  priority?: number;
};
type Section = "stores" | "reports" | "apps" | "themes" | "blog";
const SECTIONS = ["stores", "reports", "apps", "themes", "blog"] as const;

const STATIC_PATHS = ["/", "/stores", "/apps", "/blog", "/docs", "/bot"] as const;

const publishedStore = and(isNotNull(stores.publishedAt), isNotNull(stores.latestJobId));
/** A theme's market report is listed for search engines once a published store runs it. */
const publishedTheme = and(publishedStore, isNotNull(stores.themeSlug));
const publishedPost = (now: Date) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now));

/**
 * Reports public at `now` (30 days after completion, lib/publishing), with their completion date;
 * never the bundled sample's (a capture, not a live store: its page is not for search engines).
 */
const publicReports = (now: Date) =>
  getDb()
    .select({ jobId: reports.jobId, at: jobs.completedAt })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .leftJoin(reportPublications, eq(reportPublications.jobId, reports.jobId))
    .where(and(isReportPublic(now), ne(jobs.domain, SAMPLE_STORE.domain)))
    .$dynamic();

async function countSection(section: Section, now: Date): Promise<number> {
  const db = getDb();
  if (section === "reports")
    return (await db.select({ n: sql<number>`count(*)::int` }).from(publicReports(now).as("public_reports")))[0]?.n ?? 0;
  const [row] =
    section === "stores"
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(stores)
          .where(publishedStore)
      : section === "apps"
        ? await db.select({ n: countDistinct(storeApps.appSlug) }).from(storeApps)
        : section === "themes"
          ? await db
              .select({ n: countDistinct(stores.themeSlug) })
              .from(stores)
              .where(publishedTheme)
          : await db
              .select({ n: sql<number>`count(*)::int` })
              .from(blogPosts)
              .where(publishedPost(now));

  return Number(row?.n ?? 0);
}

/**
 * The child sitemaps: one of static pages, then each section split into files of at most
 * `limit` URLs ("stores-0", "stores-1", …). Sections without URLs get no file.
 */
export async function listSitemapIds({ limit = SITEMAP_MAX_URLS, now = new Date() } = {}): Promise<string[]> {
  const ids = ["static"];
  for (const section of SECTIONS) {
    const files = Math.ceil((await countSection(section, now)) / limit);
    for (let i = 0; i < files; i++) ids.push(`${section}-${i}`);
  }

  return ids;
}

/** The URLs of one child sitemap; unknown ids have none. */
export async function readSitemap(id: string, { limit = SITEMAP_MAX_URLS, now = new Date() } = {}): Promise<SitemapEntry[]> {
  const base = siteUrl();
  if (id === "static") return STATIC_PATHS.map((path) => ({ url: `${base}${path === "/" ? "" : path}`, changeFrequency: "daily" }));

  const match = /^(stores|reports|apps|themes|blog)-(\d{1,6})$/.exec(id);
  if (!match) return [];
  const offset = Number(match[2]) * limit;
  const db = getDb();

  switch (match[1] as Section) {
    case "stores": {
      const rows = await db
        .select({ slug: stores.slug, at: stores.lastAnalyzedAt })
        .from(stores)
        .where(publishedStore)
        .orderBy(asc(stores.slug))
        .limit(limit)
        .offset(offset);

      return rows.map((row) => ({
        url: `${base}/stores/${row.slug}`,
        ...(row.at ? { lastModified: row.at } : {}),
        changeFrequency: "weekly",
      }));
    }
    case "reports": {
      // A report never changes once completed: its completion is its last modification.
      const rows = await publicReports(now).orderBy(asc(jobs.completedAt), asc(reports.jobId)).limit(limit).offset(offset);

      return rows.map((row) => ({
        url: `${base}/reports/${row.jobId}`,
        ...(row.at ? { lastModified: row.at } : {}),
        changeFrequency: "never",
      }));
    }
    case "apps": {
      const rows = await db
        .select({ slug: storeApps.appSlug, at: max(storeApps.detectedAt) })
        .from(storeApps)
        .groupBy(storeApps.appSlug)
        .orderBy(asc(storeApps.appSlug))
        .limit(limit)
        .offset(offset);

      return rows.map((row) => ({
        url: `${base}/apps/${row.slug}`,
        ...(row.at ? { lastModified: new Date(row.at) } : {}),
        changeFrequency: "weekly",
      }));
    }
    case "themes": {
      const rows = await db
        .select({ slug: sql<string>`${stores.themeSlug}`, at: max(stores.lastAnalyzedAt) })
        .from(stores)
        .where(publishedTheme)
        .groupBy(stores.themeSlug)
        .orderBy(asc(stores.themeSlug))
        .limit(limit)
        .offset(offset);

      return rows.map((row) => ({
        url: `${base}/themes/${row.slug}`,
        ...(row.at ? { lastModified: new Date(row.at) } : {}),
        changeFrequency: "weekly",
      }));
    }
    case "blog": {
      const rows = await db
        .select({ slug: blogPosts.slug, at: blogPosts.publishedAt })
        .from(blogPosts)
        .where(publishedPost(now))
        .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug))
        .limit(limit)
        .offset(offset);

      return rows.map((row) => ({
        url: `${base}/blog/${row.slug}`,
        ...(row.at ? { lastModified: row.at } : {}),
        changeFrequency: "monthly",
      }));
    }
  }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The sitemap index at /sitemap.xml, pointing at Next's child sitemaps (/sitemaps/sitemap/<id>.xml, app/sitemaps/sitemap.ts). */
export async function buildSitemapIndex(options: { limit?: number; now?: Date } = {}): Promise<string> {
  const base = siteUrl();
  const ids = await listSitemapIds(options);
  const [latestStore] = await getDb()
    .select({ at: max(stores.lastAnalyzedAt) })
    .from(stores)
    .where(publishedStore);
  const lastmod = latestStore?.at ? `<lastmod>${new Date(latestStore.at).toISOString()}</lastmod>` : "";
  const entries = ids.map(
    (id) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/sitemap/${id}.xml`)}</loc>${id.startsWith("stores") ? lastmod : ""}</sitemap>`,
  );

  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}
