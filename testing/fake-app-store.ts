/**
 * A fake Shopify App Store on loopback: listing pages at `/<handle>` shaped like apps.shopify.com's
 * (a SoftwareApplication JSON-LD block, Open Graph tags, the developer's `/partners/` link and a
 * `/categories/` breadcrumb), a 404 page for any other handle, and hostile answers on demand.
 * Tests reach it as `apps.shopify.com` through SHOP_RESOLVE (`appStoreResolve`).
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeListing = {
  name: string;
  /** The listing's title line after the name ("Bundle & save with volume discounts"). */
  tagline?: string;
  developer: string;
  developerHandle?: string;
  category: string;
  categoryPath?: string;
  rating: number;
  reviews: number;
  description?: string;
  /**
   * Where the JSON-LD names the developer: `author` (default), `brand`, or `none` (then only the
   * page's developer section does, as on many real listings).
   */
  developerAs?: "author" | "brand" | "none";
};

/** What the fake answers for one handle instead of a listing page. */
export type HostileAnswer =
  /** A body of `bytes` (no JSON-LD), sent at once. */
  | { kind: "huge"; bytes: number }
  /** The headers, then nothing for `ms`. */
  | { kind: "slow"; ms: number }
  /** 200 with bytes that are no HTML at all. */
  | { kind: "garbage" }
  /** A listing whose JSON-LD is broken and whose tags name nothing. */
  | { kind: "unreadable" }
  | { kind: "status"; status: number }
  /** A redirect to `location`. */
  | { kind: "moved"; location: string };

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A listing page as apps.shopify.com serves one (trimmed: its real pages carry far more markup and scripts). */
export function appStoreListingHtml(handle: string, listing: FakeListing): string {
  const icon = `https://cdn.shopify.com/app-store/listing_images/4d8b2c6a0f3e9b1d7a5c2e8f6b4d0a13/icon/CPu7ic6Tn4MDEAE=.png`;
  const title = `${listing.name}${listing.tagline ? ` - ${listing.tagline}` : ""} | Shopify App Store`;
  const description =
    listing.description ??
    `${listing.name} by ${listing.developer}. ${listing.tagline ?? "Grow your store"}. Works with the latest themes.`;
  const developerHandle = listing.developerHandle ?? listing.developer.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const categoryPath = listing.categoryPath ?? listing.category.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const org = { "@type": "Organization", name: listing.developer, url: `https://apps.shopify.com/partners/${developerHandle}` };
  const jsonLd = {
    "@context": "http://schema.org",
    "@type": "SoftwareApplication",
    name: listing.name,
    image: icon,
    description,
    url: `https://apps.shopify.com/${handle}`,
    applicationCategory: "BusinessApplication",
    applicationSubCategory: listing.category,
    operatingSystem: "Web",
    aggregateRating: { "@type": "AggregateRating", ratingValue: listing.rating, ratingCount: listing.reviews },
    offers: [{ "@type": "Offer", name: "Free", price: "0", priceCurrency: "USD" }],
    ...(listing.developerAs === "brand" ? { brand: org } : listing.developerAs === "none" ? {} : { author: org }),
  };

  return `<!DOCTYPE html>
<html lang="en" class="tw-scroll-smooth">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <meta name="description" content="${escapeHtml(description)}">
  <link rel="canonical" href="https://apps.shopify.com/${handle}">
  <meta property="og:type" content="website">
  <meta property="og:site_name" content="Shopify App Store">
  <meta property="og:title" content="${escapeHtml(title)}">
  <meta property="og:description" content="${escapeHtml(description)}">
  <meta property="og:image" content="${icon}">
  <meta property="og:url" content="https://apps.shopify.com/${handle}">
  <meta name="twitter:card" content="summary_large_image">
  <link rel="preconnect" href="https://cdn.shopify.com">
  <link rel="stylesheet" href="https://cdn.shopify.com/app-store/assets/application-6d1c8b8e.css">
  <script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
  <script type="application/ld+json">{"@context":"http://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Shopify App Store","item":"https://apps.shopify.com/"},{"@type":"ListItem","position":2,"name":${JSON.stringify(listing.name)}}]}</script>
  <script src="https://cdn.shopify.com/app-store/assets/application-f0a1b2c3.js" defer></script>
</head>
<body>
  <header class="tw-sticky">
    <nav aria-label="Main" class="megamenu-component">
      <a href="https://apps.shopify.com/">Shopify App Store</a>
      <a href="https://apps.shopify.com/categories/store-design">Store design</a>
      <a href="https://apps.shopify.com/categories/marketing-and-conversion">Marketing and conversion</a>
      <a href="https://apps.shopify.com/partners/shopify">Apps by Shopify</a>
    </nav>
  </header>
  <main>
    <nav aria-label="Breadcrumb" class="tw-text-body-sm">
      <a href="https://apps.shopify.com/categories/${categoryPath}">${escapeHtml(listing.category)}</a>
    </nav>
    <div class="tw-flex">
      <img src="${icon}" alt="${escapeHtml(listing.name)} icon" width="64" height="64">
      <h1 class="tw-text-heading-lg">${escapeHtml(listing.name)}</h1>
    </div>
    <dl class="vitals">
      <dt>Rating</dt><dd><span class="tw-text-fg-secondary">${listing.rating}</span> (${listing.reviews.toLocaleString("en-US")})</dd>
      <dt>Developer</dt><dd><a href="https://apps.shopify.com/partners/${developerHandle}" class="tw-link">${escapeHtml(listing.developer)}</a></dd>
    </dl>
    <section id="app-details">
      <h2>${escapeHtml(listing.tagline ?? listing.name)}</h2>
      <p class="lg:tw-block">${escapeHtml(description)}</p>
      <a href="https://apps.shopify.com/categories/${categoryPath}/all?feature_handles%5B%5D=cf.${categoryPath}.general">${escapeHtml(listing.category)}</a>
    </section>
    <section id="adp-developer" data-developer-support-email="support@${developerHandle}.example">
      <a href="https://apps.shopify.com/partners/${developerHandle}">${escapeHtml(listing.developer)}</a>
    </section>
    <a href="https://apps.shopify.com/${handle}/reviews">All reviews</a>
  </main>
  <footer><a href="https://apps.shopify.com/partners/shopify">Apps by Shopify</a><a href="https://www.shopify.com/legal/terms">Terms</a></footer>
</body>
</html>`;
}

const NOT_FOUND_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Page not found | Shopify App Store</title></head>
<body><main><h1>This page doesn't exist</h1><a href="https://apps.shopify.com/">Browse apps</a></main></body></html>`;

export type FakeAppStore = {
  origin: string;
  /** SHOP_RESOLVE entry sending apps.shopify.com here. */
  appStoreResolve: string;
  /** Paths asked for, in order (robots.txt included). */
  requests: string[];
  /** The user-agent and signature headers of each request, in order. */
  requestHeaders: Record<string, string | undefined>[];
  setListing(handle: string, listing: FakeListing | HostileAnswer): void;
  close(): Promise<void>;
};

function answer(res: ServerResponse, status: number, body: string, type = "text/html; charset=utf-8") {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

export async function startFakeAppStore(listings: Record<string, FakeListing | HostileAnswer> = {}): Promise<FakeAppStore> {
  const pages = new Map(Object.entries(listings));
  const requests: string[] = [];
  const requestHeaders: Record<string, string | undefined>[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] as string;
    requests.push(path);
    requestHeaders.push({ "user-agent": req.headers["user-agent"], signature: req.headers.signature as string | undefined });
    if (path === "/robots.txt") return answer(res, 200, "User-agent: *\nDisallow: /search\nDisallow: /*/reviews?\n", "text/plain");
    const handle = decodeURIComponent(path.slice(1));
    const page = pages.get(handle);
    if (!page) return answer(res, 404, NOT_FOUND_PAGE);
    if (!("kind" in page)) return answer(res, 200, appStoreListingHtml(handle, page));
    switch (page.kind) {
      case "huge": {
        const unit = "<div class=tw-grid><p>filler</p></div>";
        return answer(res, 200, `<!DOCTYPE html><html><body>${unit.repeat(Math.ceil(page.bytes / unit.length))}</body></html>`);
      }
      case "slow": {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<!DOCTYPE html><html><head>");
        const timer = setTimeout(() => res.end("</head></html>"), page.ms);
        timers.add(timer);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "garbage":
        return answer(res, 200, "\u0000\u00ff{{{<<<]]]".repeat(5_000));
      case "unreadable":
        return answer(
          res,
          200,
          `<html><head><title>Apps</title><script type="application/ld+json">{"@type":"SoftwareApplication","name":</script></head><body>${"<div>".repeat(10_000)}</body></html>`,
        );
      case "status":
        return answer(res, page.status, "unavailable");
      case "moved":
        res.writeHead(301, { location: page.location });
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    appStoreResolve: `apps.shopify.com=${origin}`,
    requests,
    requestHeaders,
    setListing: (handle, listing) => void pages.set(handle, listing),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
