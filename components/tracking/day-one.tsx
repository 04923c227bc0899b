import { formatDate } from "@/components/ui/format";
import type { InventorySummary } from "./detail-types";

type When = Pick<InventorySummary, "next_snapshot_at" | "enough_data_after">;

/** When the next snapshot comes, in words: the one thing a day-one state can promise. */
export function nextSnapshotText(nextSnapshotAt: string | null): string {
  return nextSnapshotAt ? `next snapshot ${formatDate(nextSnapshotAt, true)}` : "monitoring is paused, so no snapshot is due";
}

/** "Units sold appear once snapshots span 20 hours — next snapshot 30 Nov 2026, 06:00 UTC." */
export function fillsInText(what: string, when: When): string {
  return `${what} once snapshots span ${when.enough_data_after.hours} hours — ${nextSnapshotText(when.next_snapshot_at)}.`;
}

/** A figure, chart or table that has nothing to show yet, saying when it fills in. */
export function DayOne({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600" data-testid={testId}>
      {children}
    </p>
  );
}
