"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useUnreadAlerts } from "@/components/api/use-alerts";
import { currentTab, DASHBOARD_TABS } from "./tabs";

export function DashboardTabs() {
  const current = currentTab(usePathname());
  const list = useRef<HTMLUListElement>(null);
  // Which ends of the row have tabs beyond the edge: on a phone "Billing" sat past it with no cue.
  const [hidden, setHidden] = useState({ before: false, after: false });

  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const measure = () => setHidden({ before: row.scrollLeft > 1, after: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 });
    // The current tab in view: a phone opened on Billing shows Billing.
    row.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    row.addEventListener("scroll", measure, { passive: true });

    return () => {
      observer.disconnect();
      row.removeEventListener("scroll", measure);
    };
  }, [current]);

  return (
    <nav aria-label="Dashboard" className="relative border-b border-slate-200" data-tabs-hidden-after={hidden.after || undefined}>
      {/* Fades over the edge that hides tabs: the row scrolls sideways. */}
      <span
        aria-hidden="true"
        data-testid="tabs-fade-before"
        className={`pointer-events-none absolute inset-y-0 left-0 z-10 w-8 bg-gradient-to-r from-slate-50 to-transparent transition-opacity ${hidden.before ? "opacity-100" : "opacity-0"}`}
      />
      <span
        aria-hidden="true"
        data-testid="tabs-fade-after"
        className={`pointer-events-none absolute inset-y-0 right-0 z-10 flex w-10 items-center justify-end bg-gradient-to-l from-slate-50 via-slate-50/80 to-transparent pb-3 text-slate-500 transition-opacity ${hidden.after ? "opacity-100" : "opacity-0"}`}
      >
        ›
      </span>
      <ul ref={list} className="-mb-px flex gap-6 overflow-x-auto text-sm">
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
