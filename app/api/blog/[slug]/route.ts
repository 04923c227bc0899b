import { route } from "@/lib/endpoints/route";
import { getBlogPost } from "@/lib/blog/list-blog-posts";
import { getBlogPostEndpoint } from "@/lib/blog/endpoints";

export const dynamic = "force-dynamic";

// GET /api/blog/:slug – one published post, Markdown and sanitized HTML
export const GET = route(getBlogPostEndpoint, ({ params }) => getBlogPost(params.slug));
