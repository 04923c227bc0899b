import { useId } from "react";

type ProgressBarProps = {
  /** 0..1 */
  value: number;
  label: string;
  /** Read out with the percentage, e.g. the current step. */
  detail?: string;
  tone?: "running" | "done" | "failed";
};

const TONES = { running: "bg-indigo-600", done: "bg-emerald-600", failed: "bg-red-500" } as const;

/** An accessible determinate progress bar with a visible label. */
export function ProgressBar({ value, label, detail, tone = "running" }: ProgressBarProps) {
  const labelId = useId();
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-slate-800">
          {label}
        </span>
        <span className="tabular-nums text-slate-600" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail ? `${percent}% — ${detail}` : `${percent}%`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-inset ring-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] duration-500 ease-out ${TONES[tone]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
