import { z } from "zod";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";

export const blogPostListQuerySchema = paginationQuerySchema;
export type BlogPostListQuery = z.infer<typeof blogPostListQuerySchema>;

export const blogSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  kind: z.string(),
  published_at: z.string(),
  url: z.url(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  /** The post as stored (Markdown). */
  body_markdown: z.string(),
  /** The Markdown rendered and sanitized: safe to embed. */
  body_html: z.string(),
  /** The figures a data-driven post was written from. */
  data: z.unknown().nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPostListSchema = paginatedSchema(blogPostSummarySchema);
