import type { Metadata } from "next";
import { BatchesPanel } from "@/components/batches/batches-panel";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "Batches" };

export default async function BatchesPage() {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  await requireSessionUser("/dashboard/batches");

  return <BatchesPanel />;
}
