import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { alerts, stores, type Alert } from "@/db/schema";
import type { AlertView } from "./schemas";

export type AlertWithStore = Alert & { store: { domain: string; slug: string } };

/** Alerts by id, each with its store's domain and slug. */
export async function alertsWithStores(ids: string[]): Promise<AlertWithStore[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ alert: alerts, domain: stores.domain, slug: stores.slug })
    .from(alerts)
    .innerJoin(stores, eq(stores.id, alerts.storeId))
    .where(inArray(alerts.id, ids));

  return rows.map((r) => ({ ...r.alert, store: { domain: r.domain, slug: r.slug } }));
}

export function toAlertView(alert: AlertWithStore): AlertView {
  return {
    id: alert.id,
    kind: alert.kind,
    store: alert.store,
    subject: alert.subject,
    before: alert.before,
    after: alert.after,
    occurred_at: alert.occurredAt.toISOString(),
    evidence: alert.evidence,
    read: alert.readAt !== null,
    created_at: alert.createdAt.toISOString(),
  };
}
