import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { auth } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/callback-url";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Create an account", robots: { index: false } };

export default async function SignUpPage(props: PageProps<"/sign-up">) {
  const params = await props.searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if ((await auth())?.user) redirect(callbackUrl);

  return (
    <AuthCard
      title="Create your StoreLens account"
      subtitle={
        <>
          Already have one?{" "}
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="text-indigo-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <OAuthButtons callbackUrl={callbackUrl} />
      <SignUpForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
