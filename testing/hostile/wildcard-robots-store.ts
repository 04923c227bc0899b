import { fixtureStore } from "@/testing/fake-store";
import type { ShopifyStoreDefinition } from "@/testing/fake-store/types";

/** Query lengths the hostile home page asks its own store for, as the render's requests. */
export const HOSTILE_QUERY_LENGTHS = [1_000, 5_000, 5_000, 5_000, 35_000] as const;

/**
 * A robots.txt that made every check cost the rule's length times the path's: one `Disallow`
 * of `/`, 500,000 `*` and a `Q` (under the 512 KiB read cap). Paths without a `Q` are allowed,
 * so the crawl goes on and every store request is checked against it.
 */
export function wildcardRobotsTxt(): string {
  return `User-agent: *\nDisallow: /${"*".repeat(500_000)}Q\n`;
}

/**
 * A store serving that robots.txt and a home page whose script asks the store for paths with
 * long query strings (the render checks each against robots.txt before fetching it).
 */
export function wildcardRobotsStore(domain: string): ShopifyStoreDefinition {
  const requests = HOSTILE_QUERY_LENGTHS.map((length) => `fetch("/search?q=${"a".repeat(length)}").catch(() => {});`).join("\n");
  const homePage = `<!doctype html><html><head><title>Wildcards</title>
<script>window.Shopify = { shop: "${domain}" };</script></head>
<body><h1>Wildcards</h1><script>${requests}</script></body></html>`;

  return fixtureStore(domain, { robotsTxt: wildcardRobotsTxt(), homePage });
}
