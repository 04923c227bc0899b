import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmailForm } from "@/components/auth/verify-email-form";

export const dynamic = "force-dynamic";
// The token is in the path: never send it to another site as a Referer.
export const metadata: Metadata = { title: "Confirm your e-mail address", robots: { index: false }, referrer: "no-referrer" };

export default async function VerifyEmailPage(props: PageProps<"/verify-email/[token]">) {
  const { token } = await props.params;

  return (
    <AuthCard title="Confirm your e-mail address" subtitle="One click, and your account can start jobs.">
      <VerifyEmailForm token={token} />
    </AuthCard>
  );
}
