import type { Metadata } from "next";
import type { ReactNode } from "react";
import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { VerifyEmailBanner } from "@/components/dashboard/verify-email-banner";
import { emailVerificationStatus } from "@/lib/auth/email-verification";
import { requireSessionUser } from "@/lib/auth/session-user";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { default: "Dashboard", template: "%s · Dashboard · StoreLens" }, robots: { index: false } };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireSessionUser("/dashboard");
  const verification = await emailVerificationStatus(user.id);

  return (
    <DashboardShell user={user}>
      {verification.email && !verification.verified ? (
        <VerifyEmailBanner email={verification.email} required={verification.required} />
      ) : null}
      {children}
    </DashboardShell>
  );
}
