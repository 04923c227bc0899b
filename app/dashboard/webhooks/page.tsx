import type { Metadata } from "next";
import { WebhooksPanel } from "@/components/dashboard/webhooks-panel";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  await requireSessionUser("/dashboard/webhooks");

  return <WebhooksPanel />;
}
