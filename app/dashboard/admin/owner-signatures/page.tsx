import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OwnerSignaturesPanel } from "@/components/dashboard/owner-signatures-panel";
import { requireSessionUser } from "@/lib/auth/session-user";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Owner signatures" };

export default async function OwnerSignaturesPage() {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  const user = await requireSessionUser("/dashboard/admin/owner-signatures");
  // Operators only; to anyone else the page does not exist.
  if (!getEnv().ADMIN_USER_IDS.includes(user.id)) notFound();

  return <OwnerSignaturesPanel />;
}
