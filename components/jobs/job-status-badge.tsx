import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { JobResponse } from "@/lib/jobs/schemas";

const TONE: Record<JobResponse["status"], BadgeTone> = {
  queued: "slate",
  running: "indigo",
  completed: "emerald",
  failed: "red",
};

export function JobStatusBadge({ status }: { status: JobResponse["status"] }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}
