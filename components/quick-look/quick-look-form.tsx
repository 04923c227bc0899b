"use client";

import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { DomainInput } from "@/components/jobs/domain-input";
import { SubmitButton } from "@/components/ui/submit-button";
import type { Refusal } from "@/lib/forms/refusal";
import type { QuickLook } from "@/lib/quick-look/schemas";
import type { QuickLookAnswer } from "./ask-quick-look";
import { QuickLookResult } from "./quick-look-result";

const DOMAIN_WORDING = { domain: { label: "the store domain", required: "Enter a store's domain, like allbirds.com." } };
// What the form says when the code that asks could not be fetched (describeRefusal's words for a network failure).
const OFFLINE: Refusal = { message: "Could not reach StoreLens. Check your connection and try again.", fields: {} };

type State =
  | { kind: "idle" }
  // The code that checks and asks is loading, then checks the domain.
  | { kind: "checking" }
  | { kind: "asking"; domain: string }
  | { kind: "answered"; look: QuickLook }
  | { kind: "refused"; refusal: Refusal; limited: boolean };

/**
 * The home form for visitors who are not signed in: a quick look at the store, read from its home
 * page in seconds, shown under the form, with the way to the full analysis. Sent without scripts,
 * the form goes to sign in, with the domain kept for the dashboard.
 *
 * The check and the request (the API client, the quick look's zod schemas) load on the first
 * submit, not with the page: most visitors of the home page never send the form.
 */
export function QuickLookForm({ initialDomain = "" }: { initialDomain?: string }) {
  const [domain, setDomain] = useState(initialDomain);
  const [state, setState] = useState<State>({ kind: "idle" });
  // Each look counts against the address's day: one answered is not asked again while the page is open.
  const answered = useRef(new Map<string, QuickLook>());
  // Only the last submit's answer shows.
  const latest = useRef(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = domain.trim();
    const cached = answered.current.get(asked);
    if (cached) {
      latest.current++;
      setState({ kind: "answered", look: cached });
      return;
    }
    const ticket = ++latest.current;
    setState({ kind: "checking" });
    let answer: QuickLookAnswer;
    try {
      const { askQuickLook, checkQuickLook } = await import("./ask-quick-look");
      const refusal = checkQuickLook(asked, DOMAIN_WORDING);
      if (refusal) answer = { refusal, limited: false };
      else {
        if (ticket === latest.current) setState({ kind: "asking", domain: asked });
        answer = await askQuickLook(asked, DOMAIN_WORDING);
      }
    } catch {
      answer = { refusal: OFFLINE, limited: false };
    }
    if ("look" in answer) answered.current.set(asked, answer.look);
    if (ticket !== latest.current) return;
    setState("look" in answer ? { kind: "answered", look: answer.look } : { kind: "refused", ...answer });
  };
  const refusal = state.kind === "refused" ? state.refusal : null;
  const problem = refusal ? (refusal.fields.domain ?? refusal.message) : undefined;
  const limited = state.kind === "refused" && state.limited;
  const asking = state.kind === "asking" || state.kind === "checking";
  const signUp = `/sign-up?callbackUrl=${encodeURIComponent(`/dashboard?domain=${encodeURIComponent(domain.trim())}`)}`;

  return (
    <div className="mt-6 max-w-2xl space-y-4">
      <form
        action="/"
        method="get"
        onSubmit={(event) => void onSubmit(event)}
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
        <SubmitButton pending={asking}>{asking ? "Looking…" : "Analyze"}</SubmitButton>
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
      {state.kind === "asking" ? (
        <p role="status" className="text-sm text-slate-600">
          Reading {state.domain}&apos;s home page…
        </p>
      ) : null}
      {state.kind === "answered" ? <QuickLookResult look={state.look} /> : null}
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
