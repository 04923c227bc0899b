import Link from "next/link";
import { formatDate, plural } from "@/components/ui/format";
import type { SampleReportCard as SampleReport } from "@/lib/sample-report/find-sample-report";

/**
 * The home page's preview of the sample report: what a report tells about a store (theme, apps,
 * tags), labelled as a sample of a bundled capture with its date, and the way to the whole of it.
 */
export function SampleReportCard({ sample }: { sample: SampleReport }) {
  const theme = sample.theme?.schemaName ?? sample.theme?.name ?? "Not named";

  return (
    <section aria-label="Sample report" className="min-w-0 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <p className="text-xs font-medium uppercase tracking-wide text-amber-800">Sample report</p>
      <h2 className="mt-1 text-xl font-semibold">{sample.name}</h2>
      <p className="mt-1 text-sm text-slate-600">
        Built from a copy of {sample.capturedFrom}&apos;s home page captured by{" "}
        <time dateTime={sample.capturedOn}>{formatDate(sample.capturedOn)}</time> and bundled with StoreLens: not live data.
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <Figure label="Theme" value={theme} />
        <Figure label="Apps" value={String(sample.appCount)} />
        <Figure label="Tags & pixels" value={String(sample.tagCount)} />
      </dl>
      {sample.apps.length > 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-medium">Apps found:</span> {sample.apps.map((app) => app.name).join(", ")}
          {sample.appCount > sample.apps.length ? ` and ${plural(sample.appCount - sample.apps.length, "more")}` : ""}.
        </p>
      ) : null}
      <Link href={`/reports/${sample.jobId}`} className="mt-4 inline-block font-medium text-indigo-700 underline">
        See the full sample report
      </Link>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-white px-2 py-2 ring-1 ring-slate-200">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
