import { route } from "@/lib/endpoints/route";
import { listBlogPosts } from "@/lib/blog/list-blog-posts";
import { listBlogPostsEndpoint } from "@/lib/blog/endpoints";

export const dynamic = "force-dynamic";

// GET /api/blog – published posts, newest first (page, per_page)
export const GET = route(listBlogPostsEndpoint, ({ query }) => listBlogPosts(query));
