import Link from "next/link";

/** "New here? Create an account": the link between sign-in and sign-up, keeping where to go after. */
export function AuthSwitch({ prompt, href, label, callbackUrl }: { prompt: string; href: string; label: string; callbackUrl: string }) {
  return (
    <>
      {prompt}{" "}
      <Link href={`${href}?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="text-indigo-700 underline">
        {label}
      </Link>
    </>
  );
}
