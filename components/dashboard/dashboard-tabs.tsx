"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { DASHBOARD_TABS } from "./tabs";

export function DashboardTabs() {
  const pathname = usePathname();

  return (
    <nav aria-label="Dashboard" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-6 overflow-x-auto text-sm">
        {DASHBOARD_TABS.map((tab) => {
          const isActive = pathname === tab.href || (!tab.exact && pathname.startsWith(`${tab.href}/`));

          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={isActive ? "page" : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-1 pb-3 font-medium ${
                  isActive ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
