import type { Metadata } from "next";
import { AlertFeed } from "@/components/alerts/alert-feed";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  await requireSessionUser("/dashboard/alerts");

  return <AlertFeed />;
}
