import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { alerts } from "@/db/schema";
import { mailAlerts } from "./dispatch-alerts";

/** Alerts one digest run claims at most; the rest go in the next run. */
const MAX_ALERTS_PER_RUN = 5000;

/** The daily digest: every alert wanted by daily e-mail and not yet mailed, one e-mail per user. */
export async function sendAlertDigests(): Promise<{ alerts: number; emails: number }> {
  const db = getDb();
  const due = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.email, "daily"), isNull(alerts.emailedAt)))
    .orderBy(alerts.createdAt)
    .limit(MAX_ALERTS_PER_RUN);
  if (due.length === 0) return { alerts: 0, emails: 0 };
  const claimed = await db
    .update(alerts)
    .set({ emailedAt: new Date() })
    .where(
      and(
        inArray(
          alerts.id,
          due.map((d) => d.id),
        ),
        isNull(alerts.emailedAt),
      ),
    )
    .returning({ id: alerts.id });

  return { alerts: claimed.length, emails: await mailAlerts(claimed.map((c) => c.id)) };
}
