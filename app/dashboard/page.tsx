import Link from "next/link";
import { DASHBOARD_TABS } from "@/components/dashboard/tabs";
import { requireSessionUser } from "@/lib/auth/session-user";

// The overview until a tab (e.g. Jobs) takes over this page.
export default async function DashboardPage() {
  await requireSessionUser("/dashboard");

  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {DASHBOARD_TABS.map((tab) => (
        <li key={tab.href}>
          <Link href={tab.href} className="block rounded-xl bg-white p-5 font-medium ring-1 ring-slate-200 hover:ring-indigo-300">
            {tab.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
