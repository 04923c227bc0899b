import { defineEndpoint } from "@/lib/http/define-endpoint";
import { blogPostListQuerySchema, blogPostListSchema, blogPostSchema, blogSlugParamsSchema } from "./schemas";

export const listBlogPostsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/blog",
  access: "public",
  operationId: "listBlogPosts",
  tag: "blog",
  summary: "Published blog posts, newest first",
  query: blogPostListQuerySchema,
  description: "Summaries only (the body is GET /api/blog/:slug), newest first; page and per_page (at most 50). Drafts are never listed.",
  answers: { 200: { schema: blogPostListSchema }, 400: "error" },
});

export const getBlogPostEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/blog/:slug",
  access: "public",
  operationId: "getBlogPost",
  tag: "blog",
  summary: "One published blog post (Markdown and sanitized HTML)",
  params: blogSlugParamsSchema,
  description: "404 when no published post has the slug (a draft answers 404 too).",
  answers: { 200: { schema: blogPostSchema }, 404: "error" },
});
