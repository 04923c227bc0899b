import type { Metadata } from "next";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { cookies } from "next/headers";
import { VerifyEmailBanner } from "@/components/dashboard/verify-email-banner";
import { isNoticeDismissed, VERIFY_EMAIL_NOTICE } from "@/components/ui/dismissed-notices";
import { emailVerificationStatus } from "@/lib/auth/email-verification";
import { requireSessionUser } from "@/lib/auth/session-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Dashboard · StoreLens" }, robots: { index: false } };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireSessionUser("/dashboard");
  const [verification, jar] = await Promise.all([emailVerificationStatus(user.id), cookies()]);

  return (
    <DashboardShell user={user}>
      {verification.email && !verification.verified && !isNoticeDismissed(jar, VERIFY_EMAIL_NOTICE) ? (
        <VerifyEmailBanner email={verification.email} required={verification.required} />
      ) : null}
      {children}
    </DashboardShell>
  );
}
