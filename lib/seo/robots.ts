import { siteUrl } from "@/lib/site-url";

/**
 * robots.txt rules. Crawlers stay out of the dashboard and the API (but for the documents
 * meant to be read: the OpenAPI document and the free export). Report pages are open to them:
 * a report answers `noindex` itself until it is 30 days old, then it is public search content
 * (a disallowed page could never be seen to be noindex, nor indexed once published).
 * Unpublished store pages answer `noindex` themselves.
 */
export function buildRobotsRules() {
  const base = siteUrl();

  return {
    rules: [
      {
        userAgent: "*",
        allow: ["/", "/api/openapi.json", "/api/free-export"],
        disallow: ["/dashboard", "/api/", "/sign-in", "/sign-up", "/reset-password"],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
