import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alerts, users } from "@/db/schema";
import { logger } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { siteUrl } from "@/lib/site-url";
import { recordDeliveries, startDeliveries, webhookReceiver } from "@/lib/webhooks";
import { alertsWithStores, toAlertView, type AlertWithStore } from "./alert-views";
import { describeAlert } from "./describe-alert";

/** The body of an alert's webhook (Standard Webhooks' `type`, `timestamp`, `data`). */
export function alertWebhookPayload(alert: AlertWithStore): Record<string, unknown> {
  return {
    type: `alert.${alert.kind}`,
    timestamp: alert.createdAt.toISOString(),
    data: { ...toAlertView(alert), description: describeAlert(alert), store_url: `${siteUrl()}/stores/${alert.store.slug}` },
  };
}

/**
 * Sends what raised alerts owe besides the feed: a webhook delivery for those wanted by
 * webhook (when the account names a URL), and the e-mail of those wanted at once. Each
 * channel is claimed on the row first, so calling this again sends nothing twice.
 */
export async function dispatchAlerts(alertIds: string[]): Promise<void> {
  if (alertIds.length === 0) return;
  await deliverWebhooks(alertIds);
  await mailAtOnce(alertIds);
}

async function deliverWebhooks(alertIds: string[]) {
  const wanted = (await alertsWithStores(alertIds)).filter((a) => a.webhook);
  const receivers = new Map<string, string | null>();
  for (const userId of new Set(wanted.filter((a) => !a.deliveryId).map((a) => a.userId))) {
    receivers.set(userId, (await webhookReceiver(userId))?.url ?? null);
  }
  const owed = wanted.filter((a) => !a.deliveryId && receivers.get(a.userId));
  if (owed.length > 0) {
    await getDb().transaction(async (tx) => {
      // Locked, so two dispatchers of the same alerts make one delivery each, not two.
      const free = await tx
        .select({ id: alerts.id })
        .from(alerts)
        .where(
          and(
            inArray(
              alerts.id,
              owed.map((a) => a.id),
            ),
            isNull(alerts.deliveryId),
          ),
        )
        .for("update");
      const freeIds = new Set(free.map((f) => f.id));
      const batch = owed.filter((a) => freeIds.has(a.id));
      const deliveries = await recordDeliveries(
        batch.map((a) => ({
          userId: a.userId,
          url: receivers.get(a.userId)!,
          eventType: `alert.${a.kind}`,
          payload: alertWebhookPayload(a),
        })),
        tx,
      );
      for (const [i, delivery] of deliveries.entries()) {
        await tx.update(alerts).set({ deliveryId: delivery.id }).where(eq(alerts.id, batch[i]!.id));
      }
    });
  }
  // Every delivery of these alerts, earlier ones included: a second start of one is ignored.
  const made = await getDb()
    .select({ id: alerts.deliveryId })
    .from(alerts)
    .where(and(inArray(alerts.id, alertIds), sql`${alerts.deliveryId} is not null`));
  await startDeliveries(made.map((m) => ({ id: m.id! })));
}

async function mailAtOnce(alertIds: string[]) {
  const claimed = await getDb()
    .update(alerts)
    .set({ emailedAt: new Date() })
    .where(and(inArray(alerts.id, alertIds), eq(alerts.email, "instant"), isNull(alerts.emailedAt)))
    .returning({ id: alerts.id });
  await mailAlerts(claimed.map((c) => c.id));
}

/**
 * One e-mail per user for the claimed alerts (already marked e-mailed: a mail that fails is
 * logged, not sent again — an alert is mailed at most once).
 */
export async function mailAlerts(alertIds: string[]): Promise<number> {
  const byUser = new Map<string, AlertWithStore[]>();
  for (const alert of await alertsWithStores(alertIds)) byUser.set(alert.userId, [...(byUser.get(alert.userId) ?? []), alert]);
  let sent = 0;
  for (const [userId, list] of byUser) {
    const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user?.email) continue;
    try {
      await sendMail({ to: user.email, ...alertEmail(list) });
      sent += 1;
    } catch (error) {
      logger.warn("alert e-mail failed", { userId, alerts: list.length, error });
    }
  }

  return sent;
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function alertEmail(list: AlertWithStore[]) {
  const sorted = [...list].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const domains = [...new Set(sorted.map((a) => a.store.domain))];
  const subject =
    sorted.length === 1
      ? `${domains[0]}: ${describeAlert(sorted[0]!)}`.slice(0, 300)
      : `${sorted.length} alerts for ${domains.slice(0, 3).join(", ")}${domains.length > 3 ? " and more" : ""}`;
  const feedUrl = `${siteUrl()}/dashboard/alerts`;
  const lines = sorted.map((a) => `${a.store.domain}: ${describeAlert(a)}`);
  const text = [...lines, "", `All alerts and their settings: ${feedUrl}`, "", "— StoreLens"].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(feedUrl)}">All alerts and their settings</a></p>
<p>— StoreLens</p></body></html>`;

  return { subject, text, html };
}
