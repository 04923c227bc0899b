"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { callApi } from "@/components/dashboard/api-client";
import { jobSchema } from "@/lib/jobs/schemas";
import { JobProgress } from "./job-progress";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError } from "@/components/ui/field-error";
import { DomainInput } from "./domain-input";

// POST /api/jobs answers 201 { job }.
const submittedJobSchema = z.object({ job: jobSchema });

/** The signed-in home form: submit a domain, watch the job live, then land on its report. */
export function AnalyzeStoreForm({ initialDomain = "" }: { initialDomain?: string }) {
  const [domain, setDomain] = useState(initialDomain);
  const submit = useMutation({
    mutationFn: (value: string) => callApi(submittedJobSchema, "/api/jobs", { method: "POST", body: { domain: value } }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(domain);
  };

  return (
    <div className="mt-6 max-w-xl space-y-5">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row" aria-label="Analyze a store" noValidate>
        <DomainInput
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          errorId={submit.isError ? "domain-error" : undefined}
        />
        <SubmitButton pending={submit.isPending}>{submit.isPending ? "Submitting…" : "Analyze"}</SubmitButton>
      </form>
      {submit.isError ? <FieldError id="domain-error" message={submit.error.message} /> : null}
      {submit.data ? (
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          {/* Keyed by job so a second submission starts from a clean state. */}
          <JobProgress key={submit.data.job.id} job={submit.data.job} onCompleted="open" />
        </div>
      ) : null}
    </div>
  );
}
