import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/dashboard/api-keys-panel";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  await requireSessionUser("/dashboard/api-keys");

  return <ApiKeysPanel />;
}
