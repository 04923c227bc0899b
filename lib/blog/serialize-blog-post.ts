import type { blogPosts } from "@/db/schema";
import { siteUrl } from "@/lib/site-url";
import { renderMarkdown } from "./render-markdown";
import { blogPostSchema, blogPostSummarySchema, type BlogPost, type BlogPostSummary } from "./schemas";

type BlogPostRow = typeof blogPosts.$inferSelect;

export const blogPostUrl = (slug: string) => `${siteUrl()}/blog/${slug}`;

export function serializeBlogPostSummary(row: BlogPostRow): BlogPostSummary {
  return blogPostSummarySchema.parse({
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    kind: row.kind,
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
    url: blogPostUrl(row.slug),
  });
}

export function serializeBlogPost(row: BlogPostRow): BlogPost {
  return blogPostSchema.parse({
    ...serializeBlogPostSummary(row),
    body_markdown: row.body,
    body_html: renderMarkdown(row.body),
    data: row.data ?? null,
  });
}
