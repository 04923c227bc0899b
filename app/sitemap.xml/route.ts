import { buildSitemapIndex } from "@/lib/seo/sitemap";

export const dynamic = "force-dynamic";

// GET /sitemap.xml – the sitemap index (Next serves the child sitemaps from app/sitemaps/sitemap.ts)
export async function GET() {
  return new Response(await buildSitemapIndex(), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
