import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { chatRequests, chatUsage } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { CHAT_WINDOW_MS, secondsUntilUtcMidnight, utcDay, type ChatLimits, type ChatSubject } from "./chat-limits";

/** An admitted request: what it reserved, and on which day's budget. */
export type ChatAdmission = {
  subject: string;
  day: string;
  reserved: number;
};

/** The contract's per-minute 429: `error`, `limit_type`, `retry_after`. */
export function perMinuteLimitError(retryAfter: number, limit: number): ApiError {
  return new ApiError("rate_limited", `Rate limit exceeded: at most ${limit} chat requests per minute`, {
    extra: { limit_type: "per_minute", retry_after: retryAfter },
    headers: { "retry-after": String(retryAfter) },
  });
}

/** The contract's daily 429: `error`, `limit_type`, `budget`, `used` (and when it resets). */
export function dailyBudgetError(budget: number, used: number, retryAfter: number): ApiError {
  return new ApiError("rate_limited", `Daily chat token budget of ${budget} tokens is used up; it resets at 00:00 UTC`, {
    extra: { limit_type: "daily_tokens", budget, used, retry_after: retryAfter },
    headers: { "retry-after": String(retryAfter) },
  });
}

/**
 * Admits one chat request or throws the contract's 429, atomically for every web instance
 * sharing the database: a transaction-scoped advisory lock on the subject serializes the
 * count of its sliding 60-second window and the check of its daily budget with the writes
 * that record this request (a window row, and `reserve` tokens held against the budget
 * until settleChatUsage replaces them with what the model really used).
 */
export async function admitChatRequest(options: {
  subject: ChatSubject;
  limits: ChatLimits;
  reserve: number;
  now: Date;
}): Promise<ChatAdmission> {
  const { subject, limits, reserve, now } = options;
  const key = subject.key;
  const windowStart = new Date(now.getTime() - CHAT_WINDOW_MS);
  const day = utcDay(now);

  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${key}`}, 0))`);

    // Rows that left the window are never counted again; dropping them keeps the table small.
    await tx.delete(chatRequests).where(and(eq(chatRequests.subject, key), lte(chatRequests.at, windowStart)));
    const recent = await tx
      .select({ at: chatRequests.at })
      .from(chatRequests)
      .where(and(eq(chatRequests.subject, key), gt(chatRequests.at, windowStart)))
      .orderBy(asc(chatRequests.at));
    if (recent.length >= limits.perMinute) {
      // The window has room again once enough of its oldest requests have slid out.
      const freeing = recent[recent.length - limits.perMinute]!.at;
      const retryAfter = Math.max(1, Math.ceil((freeing.getTime() + CHAT_WINDOW_MS - now.getTime()) / 1000));
      throw perMinuteLimitError(retryAfter, limits.perMinute);
    }

    await tx.insert(chatUsage).values({ subject: key, day, tokens: 0, requests: 0 }).onConflictDoNothing();
    const [usage] = await tx
      .select({ tokens: chatUsage.tokens })
      .from(chatUsage)
      .where(and(eq(chatUsage.subject, key), eq(chatUsage.day, day)));
    const used = usage?.tokens ?? 0;
    if (used >= limits.dailyTokens) throw dailyBudgetError(limits.dailyTokens, used, secondsUntilUtcMidnight(now));

    await tx.insert(chatRequests).values({ subject: key, at: now });
    await tx
      .update(chatUsage)
      .set({ tokens: sql`${chatUsage.tokens} + ${reserve}`, requests: sql`${chatUsage.requests} + 1` })
      .where(and(eq(chatUsage.subject, key), eq(chatUsage.day, day)));

    return { subject: key, day, reserved: reserve };
  });
}

/** Replaces a request's reservation by the tokens it really spent (errors and timeouts included). */
export async function settleChatUsage(admission: ChatAdmission, spent: number): Promise<void> {
  await getDb()
    .update(chatUsage)
    .set({ tokens: sql`greatest(0, ${chatUsage.tokens} - ${admission.reserved} + ${Math.max(0, Math.round(spent))})` })
    .where(and(eq(chatUsage.subject, admission.subject), eq(chatUsage.day, admission.day)));
}

/** Tokens counted against a subject's budget on a UTC day (spent plus those held by running requests). */
export async function getChatTokensUsed(subjectKey: string, day: string): Promise<number> {
  const [row] = await getDb()
    .select({ tokens: chatUsage.tokens })
    .from(chatUsage)
    .where(and(eq(chatUsage.subject, subjectKey), eq(chatUsage.day, day)));

  return row?.tokens ?? 0;
}
