import { AnalyzeStoreForm } from "@/components/jobs/analyze-store-form";

/** The Jobs tab before the first job: the form to start one, right where the list will be. */
export function NoJobsYet() {
  return (
    <section aria-labelledby="no-jobs-heading" className="rounded-xl bg-white p-6 ring-1 ring-slate-200">
      <h2 id="no-jobs-heading" className="text-lg font-semibold">
        No jobs yet
      </h2>
      <p className="mt-1 text-sm text-slate-600">Analyze your first store: enter its domain and follow the job here.</p>
      <AnalyzeStoreForm onCompleted="open" />
    </section>
  );
}
