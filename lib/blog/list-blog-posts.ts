import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { blogPosts } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { offsetOf, paginated } from "@/lib/http/pagination";
import type { BlogPostListQuery } from "./schemas";
import { serializeBlogPost, serializeBlogPostSummary } from "./serialize-blog-post";

const isPublished = () => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, new Date()));

/** Published posts, newest first (GET /api/blog, /blog, the feed). */
export async function listBlogPosts(query: BlogPostListQuery) {
  const [rows, [count]] = await Promise.all([
    getDb()
      .select()
      .from(blogPosts)
      .where(isPublished())
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.slug))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(blogPosts)
      .where(isPublished()),
  ]);

  return paginated(rows.map(serializeBlogPostSummary), query, count?.n ?? 0);
}

/** The newest published posts with their bodies (the Atom feed). */
export async function listRecentBlogPosts(limit: number) {
  const rows = await getDb().select().from(blogPosts).where(isPublished()).orderBy(desc(blogPosts.publishedAt)).limit(limit);

  return rows.map(serializeBlogPost);
}

/** One published post; drafts and unknown slugs are 404. */
export async function getBlogPost(slug: string) {
  const [row] = await getDb()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished()))
    .limit(1);
  if (!row) throw notFound(`Blog post ${slug}`);

  return serializeBlogPost(row);
}
