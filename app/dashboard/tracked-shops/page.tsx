import type { Metadata } from "next";
import { TrackedShopsPanel } from "@/components/tracking/tracked-shops-panel";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "Tracked shops" };

export default async function TrackedShopsPage() {
  await requireSessionUser("/dashboard/tracked-shops");

  return <TrackedShopsPanel />;
}
