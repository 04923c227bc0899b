import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { AuthSwitch } from "@/components/auth/auth-switch";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { redirectIfSignedIn } from "@/lib/auth/redirect-if-signed-in";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create an account", robots: { index: false } };

export default async function SignUpPage(props: PageProps<"/sign-up">) {
  const params = await props.searchParams;
  const callbackUrl = await redirectIfSignedIn(params.callbackUrl);

  return (
    <AuthCard
      title="Create your StoreLens account"
      subtitle={<AuthSwitch prompt="Already have one?" href="/sign-in" label="Sign in" callbackUrl={callbackUrl} />}
    >
      <OAuthButtons callbackUrl={callbackUrl} />
      <SignUpForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
