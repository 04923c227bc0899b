import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { FormAlert } from "@/components/auth/form-field";
import { AuthCard } from "@/components/auth/auth-card";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { auth } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default async function SignInPage(props: PageProps<"/sign-in">) {
  const params = await props.searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if ((await auth())?.user) redirect(callbackUrl);

  return (
    <AuthCard
      title="Sign in to StoreLens"
      subtitle={
        <>
          New here?{" "}
          <Link href={`/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="text-indigo-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {params.reset === "done" ? <FormAlert tone="success">Your password has been changed. Sign in with the new one.</FormAlert> : null}
      <OAuthButtons callbackUrl={callbackUrl} />
      <SignInForm callbackUrl={callbackUrl} initialError={signInErrorMessage(params.error)} />
    </AuthCard>
  );
}
