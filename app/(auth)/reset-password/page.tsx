import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetRequestForm } from "@/components/auth/reset-request-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reset your password", robots: { index: false } };

export default function ResetPasswordRequestPage() {
  return (
    <AuthCard
      title="Reset your password"
      subtitle={
        <>
          We will e-mail you a link that works once, for one hour.{" "}
          <Link href="/sign-in" className="text-indigo-700 underline">
            Back to sign in
          </Link>
        </>
      }
    >
      <ResetRequestForm />
    </AuthCard>
  );
}
