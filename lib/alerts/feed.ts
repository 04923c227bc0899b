import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { alerts, stores } from "@/db/schema";
import { offsetOf, paginated } from "@/lib/http/pagination";
import { alertsWithStores, toAlertView } from "./alert-views";
import { alertFeedSchema, type AlertFeed, type AlertFeedQuery } from "./schemas";

/** The user's alerts in the feed, of one store when its slug is given (none when no store has it). */
const inFeedOf = (userId: string, storeSlug?: string) =>
  and(
    eq(alerts.userId, userId),
    eq(alerts.inFeed, true),
    storeSlug === undefined
      ? undefined
      : inArray(alerts.storeId, getDb().select({ id: stores.id }).from(stores).where(eq(stores.slug, storeSlug))),
  );

export async function unreadAlertCount(userId: string, storeSlug?: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(alerts)
    .where(and(inFeedOf(userId, storeSlug), isNull(alerts.readAt)));

  return row?.n ?? 0;
}

/** The in-app feed, newest first, with the unread count; one store's part of it when `query.store` names it. */
export async function listAlerts(userId: string, query: AlertFeedQuery): Promise<AlertFeed> {
  const feed = inFeedOf(userId, query.store);
  const where = query.unread ? and(feed, isNull(alerts.readAt)) : feed;
  const [page, [total], unread] = await Promise.all([
    getDb()
      .select({ id: alerts.id })
      .from(alerts)
      .where(where)
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    getDb().select({ n: count() }).from(alerts).where(where),
    unreadAlertCount(userId, query.store),
  ]);
  const loaded = new Map((await alertsWithStores(page.map((p) => p.id))).map((a) => [a.id, a]));
  const data = page.map((p) => toAlertView(loaded.get(p.id)!));

  return alertFeedSchema.parse({ ...paginated(data, query, total?.n ?? 0), unread });
}

/** Marks these of the user's alerts (or all of them) read. */
export async function markAlertsRead(userId: string, which: { ids: string[] } | { all: true }) {
  const marked = await getDb()
    .update(alerts)
    .set({ readAt: new Date() })
    .where(and(inFeedOf(userId), isNull(alerts.readAt), "ids" in which ? inArray(alerts.id, which.ids) : undefined))
    .returning({ id: alerts.id });

  return { marked: marked.length, unread: await unreadAlertCount(userId) };
}
