export type DashboardTab = {
  href: string;
  label: string;
  /** Active on its own path only (the overview), not on the paths below it. */
  exact?: boolean;
};

/**
 * The dashboard's tabs, in order. A new tab is one line here plus its page under
 * app/dashboard/<name>/page.tsx (the layout already requires a signed-in user).
 */
export const DASHBOARD_TABS: DashboardTab[] = [
  { href: "/dashboard", label: "Overview", exact: true },
  { href: "/dashboard/jobs", label: "Jobs" },
  { href: "/dashboard/tracked-shops", label: "Tracked shops" },
  { href: "/dashboard/api-keys", label: "API keys" },
  { href: "/dashboard/billing", label: "Billing" },
];
