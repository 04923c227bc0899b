"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ApiRequestError } from "@/components/api/client";
import { useQuickLook } from "@/components/api/use-quick-look";
import { DomainInput } from "@/components/jobs/domain-input";
import { SubmitButton } from "@/components/ui/submit-button";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/forms/refusal";
import { quickLookQuerySchema } from "@/lib/quick-look/schemas";
import { QuickLookResult } from "./quick-look-result";

const DOMAIN_WORDING = { domain: { label: "the store domain", required: "Enter a store's domain, like allbirds.com." } };

/**
 * The home form for visitors who are not signed in: a quick look at the store, read from its home
 * page in seconds, shown under the form, with the way to the full analysis. Sent without scripts,
 * the form goes to sign in, with the domain kept for the dashboard.
 */
export function QuickLookForm({ initialDomain = "" }: { initialDomain?: string }) {
  const [domain, setDomain] = useState(initialDomain);
  const [asked, setAsked] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const look = useQuickLook(asked);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkBeforeSending(quickLookQuerySchema, { domain }, DOMAIN_WORDING);
    setRefused(refusal);
    if (!refusal) setAsked(domain.trim());
  };
  const refusal = refused ?? (look.isError ? describeRefusal(look.error, DOMAIN_WORDING) : null);
  const problem = refusal ? (refusal.fields.domain ?? refusal.message) : undefined;
  const limited = look.error instanceof ApiRequestError && look.error.status === 429;
  const signUp = `/sign-up?callbackUrl=${encodeURIComponent(`/dashboard?domain=${encodeURIComponent(domain.trim())}`)}`;

  return (
    <div className="mt-6 max-w-2xl space-y-4">
      <form
        action="/"
        method="get"
        onSubmit={onSubmit}
        className="flex max-w-xl flex-col gap-3 sm:flex-row"
        aria-label="Analyze a store"
        noValidate
      >
        <DomainInput
          value={domain}
          maxLength={300}
          onChange={(event) => setDomain(event.target.value)}
          errorId={problem ? "domain-error" : undefined}
        />
        {/* Only a form sent without scripts carries it: the home page then sends the visitor to sign in. */}
        <input type="hidden" name="next" value="sign-in" />
        <SubmitButton pending={look.isFetching}>{look.isFetching ? "Looking…" : "Analyze"}</SubmitButton>
      </form>
      {problem ? (
        <p id="domain-error" role="alert" className="text-sm text-red-700">
          {problem}{" "}
          {limited ? (
            <Link href={signUp} className="font-medium underline hover:text-red-900">
              Create a free account
            </Link>
          ) : null}
        </p>
      ) : null}
      {look.isFetching ? (
        <p role="status" className="text-sm text-slate-600">
          Reading {asked}&apos;s home page…
        </p>
      ) : null}
      {look.data && !look.isFetching ? <QuickLookResult look={look.data} /> : null}
      <p className="text-sm text-slate-600">
        A quick look reads the store&apos;s home page, free and without an account.{" "}
        <Link href="/sign-up" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          Create a free account
        </Link>{" "}
        or{" "}
        <Link href="/sign-in" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          sign in
        </Link>{" "}
        for the full analysis. Scripts and agents use the{" "}
        <Link href="/docs" className="text-indigo-700 underline hover:text-indigo-900">
          API
        </Link>{" "}
        with an API key or a per-job payment.
      </p>
    </div>
  );
}
