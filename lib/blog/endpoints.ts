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
  answers: { 200: { schema: blogPostSchema }, 404: "error" },
});
