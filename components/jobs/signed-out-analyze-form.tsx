import Link from "next/link";
import { DomainInput } from "./domain-input";

/**
 * The home form for visitors who are not signed in. It submits (GET) to the home page,
 * which sends them to sign in and back with the domain filled in; no script needed.
 */
export function SignedOutAnalyzeForm() {
  return (
    <div className="mt-6 max-w-xl space-y-3">
      <form action="/" method="get" className="flex flex-col gap-3 sm:flex-row" aria-label="Analyze a store">
        <DomainInput />
        <button type="submit" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700">
          Analyze
        </button>
      </form>
      <p className="text-sm text-slate-600">
        <Link href="/sign-in" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          Sign in
        </Link>{" "}
        or{" "}
        <Link href="/sign-up" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          create a free account
        </Link>{" "}
        to analyze a store. Scripts and agents use the{" "}
        <Link href="/docs" className="text-indigo-700 underline hover:text-indigo-900">
          API
        </Link>{" "}
        with an API key or a per-job payment.
      </p>
    </div>
  );
}
