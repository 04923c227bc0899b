import Link from "next/link";
import type { ChargeReturn, ChargeReturnReason } from "@/lib/jobs/charge-return";
import { describeChargeReturn, explainFailure } from "./failure-explanations";

type JobFailureProps = {
  domain: string;
  code: string | null | undefined;
  chargeReturned: ChargeReturn | null | undefined;
  chargeReturnReason: ChargeReturnReason | null | undefined;
  completedAt: string | null | undefined;
  compact?: boolean;
};

/** A failed analysis in plain words: what happened, what to do next, and whether its charge came back. */
export function JobFailure({ domain, code, chargeReturned, chargeReturnReason, completedAt, compact = false }: JobFailureProps) {
  const explained = explainFailure(code, domain);
  const charge = describeChargeReturn({ code, chargeReturned, reason: chargeReturnReason, completedAt }, domain);
  if (compact) return <p className="text-sm text-red-700">{explained.what}</p>;
  const again = `/?domain=${encodeURIComponent(domain)}`;

  return (
    <div role="alert" data-testid="job-failure" className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-inset ring-red-200">
      <h2 className="text-base font-semibold text-red-900">We could not analyze {domain}</h2>
      <p className="text-sm text-red-900">{explained.what}</p>
      <p className="text-sm text-slate-800">
        <span className="font-medium">What to do: </span>
        {explained.next}
      </p>
      {charge ? (
        <p data-testid="job-charge" className={`text-sm font-medium ${charge.returned ? "text-emerald-800" : "text-slate-800"}`}>
          {charge.text}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3 pt-1">
        <Link href={again} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700">
          {explained.retry ? `Analyze ${domain} again` : "Enter another address"}
        </Link>
        {explained.retry ? (
          <Link
            href="/"
            className="rounded-md px-3 py-1.5 text-sm font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50"
          >
            Analyze another store
          </Link>
        ) : null}
      </div>
    </div>
  );
}
