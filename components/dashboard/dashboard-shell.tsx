import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { DashboardHeading } from "./dashboard-heading";
import { DashboardTabs } from "./dashboard-tabs";
import { QueryProvider } from "@/components/api/query-provider";

export function DashboardShell({ user, children }: { user: { email: string | null; name: string | null }; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <DashboardHeading />
          <p className="text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-800">{user.email ?? user.name ?? "you"}</span>
          </p>
        </div>
        <SignOutButton />
      </div>
      {/* The tabs read the unread alert count, so they sit inside the query client too. */}
      <QueryProvider>
        <DashboardTabs />
        {children}
      </QueryProvider>
    </div>
  );
}
