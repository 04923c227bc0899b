"use client";

import { usePathname } from "next/navigation";
import { currentTab } from "./tabs";

/** The page's H1: the tab it is in ("Jobs", "Billing"), so no two dashboard pages share one. */
export function DashboardHeading() {
  const tab = currentTab(usePathname());

  return <h1 className="text-2xl font-bold tracking-tight">{tab ? (tab.heading ?? tab.label) : "Dashboard"}</h1>;
}
