import type { MetadataRoute } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { listSitemapIds, readSitemap } from "@/lib/seo/sitemap";

export const dynamic = "force-dynamic";

// Child sitemaps at /sitemaps/sitemap/<id>.xml, each within the protocol's 50,000 URLs; /sitemap.xml is their index.
export async function generateSitemaps() {
  // The build has no database and nothing to pre-render: Next asks again on every request.
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return [];

  return (await listSitemapIds()).map((id) => ({ id }));
}

export default async function sitemap(props: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return readSitemap(await props.id);
}
