"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useCreateJob } from "@/components/api/use-jobs";
import { checkBeforeSending, describeRefusal, type Refusal } from "@/lib/forms/refusal";
import { createJobBodySchema, type JobResponse } from "@/lib/jobs/schemas";
import { JobProgress } from "./job-progress";
import { SubmitButton } from "@/components/ui/submit-button";
import { DomainInput } from "./domain-input";

const DOMAIN_WORDING = { domain: { label: "the store domain", required: "Enter a store's domain, like allbirds.com." } };

type AnalyzeStoreFormProps = {
  initialDomain?: string;
  /**
   * Once the job completes: "open" goes to its report, "refresh" stays and re-renders the page
   * around the form with a link to the report; a failure stays and re-renders it either way, as
   * its charge was handed back.
   */
  onCompleted?: "open" | "refresh";
  /** Called with the job as soon as the API accepted it. */
  onSubmitted?: (job: JobResponse) => void;
};

/** The signed-in form: submit a domain, watch the job live, then reach its report. */
export function AnalyzeStoreForm({ initialDomain = "", onCompleted = "open", onSubmitted }: AnalyzeStoreFormProps) {
  const [domain, setDomain] = useState(initialDomain);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const submit = useCreateJob((answer) => onSubmitted?.(answer.job));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkBeforeSending(createJobBodySchema.pick({ domain: true }), { domain }, DOMAIN_WORDING);
    setRefused(refusal);
    if (!refusal) submit.mutate(domain);
  };
  const refusal = refused ?? (submit.isError ? describeRefusal(submit.error, DOMAIN_WORDING) : null);
  const problem = refusal ? (refusal.fields.domain ?? refusal.message) : undefined;

  return (
    <div className="mt-6 max-w-xl space-y-5">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row" aria-label="Analyze a store" noValidate>
        <DomainInput
          value={domain}
          maxLength={300}
          onChange={(event) => setDomain(event.target.value)}
          errorId={problem ? "domain-error" : undefined}
        />
        <SubmitButton pending={submit.isPending}>{submit.isPending ? "Submitting…" : "Analyze"}</SubmitButton>
      </form>
      {problem ? (
        <p id="domain-error" role="alert" className="text-sm text-red-700">
          {problem}
          {refusal?.action ? (
            <>
              {" "}
              <Link href={refusal.action.href} className="font-medium underline hover:text-red-900">
                {refusal.action.label}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {submit.data ? (
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          {/* Keyed by job so a second submission starts from a clean state. */}
          <JobProgress key={submit.data.job.id} job={submit.data.job} onCompleted={onCompleted} />
        </div>
      ) : null}
    </div>
  );
}
