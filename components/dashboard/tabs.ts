import { isCurrentSection } from "@/components/layout/nav-link";

export type DashboardTab = {
  href: string;
  label: string;
  /** The page's H1 when it differs from the tab's label. */
  heading?: string;
  /** Current only on this very page: the overview's path is the prefix of every other tab's. */
  exact?: boolean;
  /** A live count shown beside the label. */
  count?: "unread-alerts";
};

/**
 * The dashboard's tabs, in order. A new tab is one line here plus its page under
 * app/dashboard/<name>/page.tsx (the layout already requires a signed-in user).
 */
export const DASHBOARD_TABS: DashboardTab[] = [
  { href: "/dashboard", label: "Overview", heading: "Dashboard", exact: true },
  { href: "/dashboard/jobs", label: "Jobs" },
  { href: "/dashboard/batches", label: "Batches" },
  { href: "/dashboard/tracked-stores", label: "Tracked stores" },
  { href: "/dashboard/lists", label: "Lists" },
  { href: "/dashboard/alerts", label: "Alerts", count: "unread-alerts" },
  { href: "/dashboard/api-keys", label: "API keys" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
  { href: "/dashboard/billing", label: "Billing" },
];

/** Operator pages: not tabs (only ADMIN_USER_IDS reach them), but each names its H1 here. */
const ADMIN_PAGES: DashboardTab[] = [{ href: "/dashboard/admin/owner-signatures", label: "Owner signatures" }];

/** The tab (or operator page) the reader is in, if any. */
export function currentTab(pathname: string): DashboardTab | undefined {
  return [...DASHBOARD_TABS, ...ADMIN_PAGES].find((tab) => (tab.exact ? pathname === tab.href : isCurrentSection(pathname, tab.href)));
}
