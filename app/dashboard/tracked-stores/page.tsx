import type { Metadata } from "next";
import { TrackedStoresPanel } from "@/components/tracking/tracked-stores-panel";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "Tracked stores" };

export default async function TrackedStoresPage() {
  await requireSessionUser("/dashboard/tracked-stores");

  return <TrackedStoresPanel />;
}
