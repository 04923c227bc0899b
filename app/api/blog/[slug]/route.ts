import { route } from "@/lib/endpoints/route";
import { getBlogPost } from "@/lib/blog/list-blog-posts";
import { blogSlugParamsSchema } from "@/lib/blog/schemas";

export const dynamic = "force-dynamic";

// GET /api/blog/:slug – one published post, Markdown and sanitized HTML
export const GET = route({ access: "public", params: blogSlugParamsSchema }, ({ params }) => getBlogPost(params.slug));
