import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookAttempts, webhookDeliveries, type WebhookAttempt, type WebhookDelivery } from "@/db/schema";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { webhookDeliveryListSchema, type WebhookDeliveryList, type WebhookDeliveryView } from "./schemas";

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toDeliveryView(delivery: WebhookDelivery, attempts: WebhookAttempt[]): WebhookDeliveryView {
  return {
    id: delivery.id,
    event_type: delivery.eventType,
    url: delivery.url,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: iso(delivery.nextAttemptAt),
    created_at: delivery.createdAt.toISOString(),
    completed_at: iso(delivery.completedAt),
    attempt_log: attempts.map((a) => ({
      number: a.number,
      status: a.status,
      response_status: a.responseStatus,
      error: a.error,
      started_at: a.startedAt.toISOString(),
      ended_at: iso(a.endedAt),
    })),
  };
}

/** The account's delivery log, newest first, each delivery with every attempt. */
export async function listWebhookDeliveries(userId: string, query: PaginationQuery): Promise<WebhookDeliveryList> {
  const db = getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, userId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId)),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(webhookAttempts.number));
  const data = rows.map((row) =>
    toDeliveryView(
      row,
      attempts.filter((a) => a.deliveryId === row.id),
    ),
  );

  return webhookDeliveryListSchema.parse(paginated(data, query, total?.n ?? 0));
}
