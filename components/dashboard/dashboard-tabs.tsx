"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useUnreadAlerts } from "@/components/api/use-alerts";
import { currentTab, DASHBOARD_TABS } from "./tabs";

export function DashboardTabs() {
  const current = currentTab(usePathname());

  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6 overflow-x-auto text-sm">
        {DASHBOARD_TABS.map((tab) => {
          const isActive = tab === current;

          return (
            // relative: the unread count's screen-reader text (position: absolute) stays inside the
            // scrolling list on a phone instead of widening the page.
            <li key={tab.href} className="relative shrink-0">
              <Link
                href={tab.href}
                aria-current={isActive ? "page" : undefined}
                className={`inline-block border-b-2 px-1 pb-3 font-medium ${
                  isActive ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {tab.label}
                {tab.count === "unread-alerts" ? <UnreadAlerts /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The unread alerts beside the Alerts tab; nothing when there are none. */
function UnreadAlerts() {
  const unread = useUnreadAlerts().data ?? 0;
  if (unread === 0) return null;

  return (
    <span data-testid="unread-alerts-count" className="ml-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs text-white">
      {unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
