import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { FormAlert } from "@/components/auth/form-field";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { isResetTokenUsable, RESET_LINK_INVALID_MESSAGE } from "@/lib/auth";

export const dynamic = "force-dynamic";
// The token is in the path: never send it to another site as a Referer.
export const metadata: Metadata = { title: "Set a new password", robots: { index: false }, referrer: "no-referrer" };

export default async function ResetPasswordPage(props: PageProps<"/reset-password/[token]">) {
  const { token } = await props.params;
  const usable = await isResetTokenUsable(token);

  return (
    <AuthCard title="Set a new password">
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <FormAlert tone="error">{RESET_LINK_INVALID_MESSAGE}</FormAlert>
          <Link href="/reset-password" className="inline-block text-sm text-indigo-700 hover:underline">
            Ask for a new link
          </Link>
        </>
      )}
    </AuthCard>
  );
}
