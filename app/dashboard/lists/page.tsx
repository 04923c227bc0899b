import type { Metadata } from "next";
import { ListsPanel } from "@/components/lists/lists-panel";
import { requireSessionUser } from "@/lib/auth/session-user";

export const metadata: Metadata = { title: "Lists" };

export default async function ListsPage() {
  await requireSessionUser("/dashboard/lists");

  return <ListsPanel />;
}
