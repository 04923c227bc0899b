import type { CompareCategory } from "@/lib/analytics/schemas";
import type { compareSnapshots } from "@/lib/analytics";
import type { AlertFeed } from "@/lib/alerts/schemas";
import type { CatalogEventPage } from "@/lib/changelog/schemas";
import type { InventorySummary } from "@/lib/inventory";
import type { StoreList, StorePageData } from "@/lib/store-directory/schemas";
import type { getChangelog, getChangelogTally } from "@/lib/reports/get-changelog";
import { readFindings } from "@/lib/findings";

// What the chat's tools hand the model: the domain's answers (the same the HTTP endpoints and
// the MCP tools give), narrowed to what fits a prompt. Figures are passed through, never
// recomputed; store text is capped because it costs tokens and is untrusted.

const cap = (text: string | null | undefined, max: number) => (text ? (text.length > max ? `${text.slice(0, max)}…` : text) : null);

/** GET /api/stores/:slug's facts about the store and its latest analysis, without products, SEO and the price chart. */
export function storeSummaryView(page: StorePageData) {
  const { store, summary, prices } = page;

  return {
    store: {
      name: cap(store.name, 200),
      domain: store.domain,
      currency: store.currency,
      country: store.country,
      theme: cap(store.theme, 100),
      product_count: summary.product_count,
      variant_count: summary.variant_count,
      available_product_count: summary.available_product_count,
      collection_count: summary.collection_count,
      page_count: summary.page_count,
      first_analyzed_at: page.first_analyzed_at,
      last_analyzed_at: page.analyzed_at,
    },
    prices: { currency: prices.currency, min: prices.min, max: prices.max, median: prices.median },
    top_vendors: summary.top_vendors.slice(0, 10).map((row) => ({ vendor: cap(row.vendor, 100), count: row.count })),
    app_count: page.apps.length,
    report_url: page.report_url,
  };
}

/** The theme, the detected apps, the marketing tags and what the store offers AI agents, as GET /api/stores/:slug lists them. */
export function appsView(page: StorePageData) {
  const { marketing, agent_readiness: agents } = page.storefront;

  return {
    theme: cap(page.theme, 100),
    app_count: page.apps.length,
    apps: page.apps.map((app) => ({ name: app.name, category: app.category })),
    marketing_tags: marketing ? marketing.tags.map((tag) => ({ name: tag.name, id: tag.id })) : null,
    custom_pixels: marketing ? marketing.custom_pixels.count : null,
    agent_readiness: agents
      ? {
          storefront_mcp: agents.storefront_mcp.status,
          storefront_mcp_tools: agents.storefront_mcp.tools.slice(0, 10),
          ucp_profile: agents.ucp_profile.status,
          llms_txt: agents.llms_txt.status,
        }
      : null,
  };
}

/**
 * The store's own profiles and contact, its languages and the market its storefront served us,
 * as its latest report gives them; null where the report was built before they were read.
 */
export function socialsAndMarketsView(report: unknown) {
  // Read leniently: a report of any age answers, with null for what it lacks.
  const metadata = typeof report === "object" && report !== null ? (report as { metadata?: unknown }).metadata : undefined;
  const findings = readFindings(metadata);
  const socials = findings.socials?.value;
  const markets = findings.markets?.value;

  return {
    socials: socials
      ? {
          profiles: socials.profiles.map((p) => ({ network: p.network, url: cap(p.url, 200), seen_on: cap(p.seen_on, 100) })),
          emails: socials.emails.map((e) => e.address),
          phones: socials.phones.map((p) => p.number),
        }
      : null,
    markets: markets
      ? {
          languages: markets.languages.slice(0, 30).map((l) => l.code),
          language_count: markets.language_count,
          locale: markets.locale,
          visitor_country: markets.visitor_country,
          presentment_currency: markets.presentment_currency,
        }
      : null,
    ships_to_countries: shipsTo(metadata).slice(0, 50),
  };
}

/** Where the store ships, from its meta (not a finding): the report's list of codes, or none. */
function shipsTo(metadata: unknown): string[] {
  const field =
    typeof metadata === "object" && metadata !== null ? (metadata as { ships_to_countries?: unknown }).ships_to_countries : null;
  const value = typeof field === "object" && field !== null ? (field as { value?: unknown }).value : null;

  return Array.isArray(value) && value.every((code) => typeof code === "string") ? value : [];
}

/** A page of the changelog and the tally of the whole job's changes. */
export function changelogView(page: Awaited<ReturnType<typeof getChangelog>>, tally: Awaited<ReturnType<typeof getChangelogTally>>) {
  return {
    job_id: page.job_id,
    previous_job_id: page.previous_job_id,
    counts: tally,
    data: page.data.map((row) => ({
      subject: row.subject,
      change: row.change,
      title: cap(row.title, 200),
      before: row.before,
      after: row.after,
    })),
    pagination: page.pagination,
  };
}

/** GET /api/store-detail/:slug/inventory's figures, without the per-day series and the assumption's tables. */
export function inventoryView(summary: InventorySummary) {
  const figure = ({ basis, case: kind, value, range, confidence }: InventorySummary["estimated_daily_sales"]) => ({
    basis,
    case: kind,
    value,
    range,
    confidence,
  });

  return {
    basis: summary.basis,
    enough_data: summary.enough_data,
    snapshots: summary.snapshots,
    window: summary.window,
    total_inventory: summary.total_inventory,
    total_inventory_basis: summary.total_inventory_basis,
    units_sold_30d: { ...figure(summary.units_sold_30d), sale_events: summary.units_sold_30d.sale_events },
    estimated_daily_sales: figure(summary.estimated_daily_sales),
    top_sellers: summary.top_sellers
      .slice(0, 5)
      .map((seller) => ({ title: cap(seller.title, 200), units_sold: figure(seller.units_sold) })),
    restocks_30d: summary.restocks_30d,
    recent_restocks: summary.recent_restocks.map((restock) => ({
      title: cap(restock.title, 200),
      units: restock.units,
      basis: restock.basis,
      occurred_at: restock.occurred_at,
    })),
  };
}

/** The comparison's totals per category, with a few titles each. */
export function compareView(comparison: Awaited<ReturnType<typeof compareSnapshots>>) {
  return {
    compared: true,
    from: comparison.from,
    to: comparison.to,
    removals_reported: comparison.removals_reported,
    changes: Object.entries(comparison.categories).map(([category, summary]) => ({
      category: category as CompareCategory,
      totals: summary.totals,
      examples: [...summary.added, ...summary.removed, ...summary.changed]
        .slice(0, 5)
        .map((item) => ({ change: item.change, title: cap(item.title, 120) })),
    })),
  };
}

/** A page of catalog events: what changed, to which product, between which analyses; titles capped. */
export function catalogEventsView(page: CatalogEventPage) {
  return {
    coverage: page.coverage,
    events: page.data.map((event) => ({
      ...event,
      subject: { ...event.subject, title: cap(event.subject.title, 200), handle: cap(event.subject.handle, 200) },
    })),
    more: page.next_cursor !== null,
  };
}

/** A shallow value of an alert (a price, a theme's name and version, a state), its text capped. */
function capShallow(value: unknown): unknown {
  if (typeof value === "string") return cap(value, 200);
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;

  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === "string" ? cap(v, 200) : v]));
}

/** GET /api/alerts?store=… for the chat's store: its alerts and unread count, store text capped. */
export function alertsView(feed: AlertFeed) {
  return {
    unread: feed.unread,
    total: feed.pagination.total,
    alerts: feed.data.map((alert) => ({
      kind: alert.kind,
      subject: { ...alert.subject, title: cap(alert.subject.title, 200) },
      before: capShallow(alert.before),
      after: capShallow(alert.after),
      occurred_at: alert.occurred_at,
      read: alert.read,
    })),
  };
}

/** A page of the directory for the model: each store's facts it can compare, its text capped. */
export function directoryView(list: StoreList) {
  return {
    data: list.data.map((store) => ({
      slug: store.slug,
      name: store.name?.slice(0, 120) ?? null,
      domain: store.domain,
      country: store.country,
      currency: store.currency,
      theme: store.theme?.slice(0, 80) ?? null,
      product_count: store.product_count,
      price_median: store.price_median,
      apps: store.apps,
      tags: store.tags,
      languages: store.languages,
      agent_readiness: store.agent_readiness,
      last_analyzed_at: store.last_analyzed_at,
    })),
    pagination: list.pagination,
  };
}
