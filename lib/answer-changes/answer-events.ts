import { getDatabase, type Database, type Transaction } from "@/db";
import { notify } from "@/db/notify";

/**
 * What changed a public answer the server may hold in memory (server/public-answers/answer-cache.ts):
 * a report (`report:<job id>`: published, purged) or a store page (`store:<slug>`: a new report,
 * apps found, published). Sent with pg_notify in the transaction that makes the change, so every
 * process listening on the database (the progress channels' mechanism, lib/realtime) drops its
 * copy once the change is visible, and never before.
 */
export const PUBLIC_ANSWER_EVENTS_CHANNEL = "storelens_public_answers";

export type AnswerTopic = `report:${string}` | `store:${string}`;
export type AnswerEvent = { topics: AnswerTopic[] } | { all: true };

export const reportTopic = (jobId: string): AnswerTopic => `report:${jobId}`;
export const storeTopic = (slug: string): AnswerTopic => `store:${slug}`;

const EVERYTHING: AnswerEvent = { all: true };

/** Topics too many for one NOTIFY payload are announced as one "everything changed" instead. */
export async function announceAnswerChanges(db: Database | Transaction, topics: readonly AnswerTopic[]): Promise<void> {
  if (topics.length === 0) return;
  const event: AnswerEvent = { topics: [...new Set(topics)] };
  await notify(db, PUBLIC_ANSWER_EVENTS_CHANNEL, JSON.stringify(event), JSON.stringify(EVERYTHING));
}

function parseEvent(payload: string): AnswerEvent {
  try {
    const parsed = JSON.parse(payload) as Partial<{ topics: unknown; all: unknown }>;
    if (Array.isArray(parsed.topics) && parsed.topics.every((topic) => typeof topic === "string"))
      return { topics: parsed.topics as AnswerTopic[] };
  } catch {
    // Not ours: dropping everything is always correct.
  }

  return { all: true };
}

/**
 * Calls `onEvent` for every change announced by any process. Also called with `{ all: true }`
 * each time the listening connection is (re)established: events sent while it was away are lost,
 * so whatever was kept meanwhile may be stale.
 */
export function listenForAnswerChanges(onEvent: (event: AnswerEvent) => void): Promise<() => Promise<void>> {
  return getDatabase().listen(
    PUBLIC_ANSWER_EVENTS_CHANNEL,
    (payload) => onEvent(parseEvent(payload)),
    () => onEvent({ all: true }),
  );
}
