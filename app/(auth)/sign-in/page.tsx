import type { Metadata } from "next";
import { FormAlert } from "@/components/auth/form-field";
import { AuthCard } from "@/components/auth/auth-card";
import { AuthSwitch } from "@/components/auth/auth-switch";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { redirectIfSignedIn } from "@/lib/auth/redirect-if-signed-in";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default async function SignInPage(props: PageProps<"/sign-in">) {
  const params = await props.searchParams;
  const callbackUrl = await redirectIfSignedIn(params.callbackUrl);

  return (
    <AuthCard
      title="Sign in to StoreLens"
      subtitle={<AuthSwitch prompt="New here?" href="/sign-up" label="Create an account" callbackUrl={callbackUrl} />}
    >
      {params.reset === "done" ? <FormAlert tone="success">Your password has been changed. Sign in with the new one.</FormAlert> : null}
      <OAuthButtons callbackUrl={callbackUrl} />
      <SignInForm callbackUrl={callbackUrl} initialError={signInErrorMessage(params.error)} />
    </AuthCard>
  );
}
