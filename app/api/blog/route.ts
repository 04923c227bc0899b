import { route } from "@/lib/endpoints/route";
import { listBlogPosts } from "@/lib/blog/list-blog-posts";
import { blogPostListQuerySchema } from "@/lib/blog/schemas";

export const dynamic = "force-dynamic";

// GET /api/blog – published posts, newest first (page, per_page)
export const GET = route({ access: "public", query: blogPostListQuerySchema }, ({ query }) => listBlogPosts(query));
