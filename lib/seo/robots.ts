import { siteUrl } from "@/lib/stores/serialize-store";

/**
 * robots.txt rules. Crawlers stay out of the dashboard, the API (but for the documents meant
 * to be read: the OpenAPI document and the free export of published stores) and job reports
 * (per-job snapshots, noindex until their store is published; the store page is the
 * canonical public page). Unpublished store pages answer `noindex` themselves.
 */
export function buildRobotsRules() {
  const base = siteUrl();

  return {
    rules: [
      {
        userAgent: "*",
        allow: ["/", "/api/openapi.json", "/api/free-export"],
        disallow: ["/dashboard", "/api/", "/reports/", "/sign-in", "/sign-up", "/reset-password"],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
