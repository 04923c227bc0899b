import { buildAtomFeed } from "@/lib/blog/build-atom-feed";

export const dynamic = "force-dynamic";

// GET /blog/feed.xml – the blog's Atom feed
export async function GET() {
  return new Response(await buildAtomFeed(), {
    headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=900" },
  });
}
