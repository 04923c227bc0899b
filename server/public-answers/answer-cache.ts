import { ByteLru } from "@/lib/byte-lru";
import type { AnswerTopic } from "../../lib/answer-changes/answer-events";
import type { CachedAnswer } from "./cached-answer";

/**
 * Finished public answers by key, bounded by bytes: least recently used out first. Entries
 * leave when what they show changes (`invalidate`, from the change's NOTIFY in any process) or
 * when the clock makes them untrue (`expiresAt`: a report turning public); never on a timer.
 *
 * A fill (render, then keep) that overlaps a change must not keep what it rendered before the
 * change: `beginFill` hands out a ticket that `invalidate` voids.
 */
export class AnswerCache {
  private entries: ByteLru<CachedAnswer>;
  private fills = new Map<string, { topic: AnswerTopic; void: boolean }>();

  constructor(budgetBytes: number) {
    this.entries = new ByteLru(
      () => budgetBytes,
      (answer) => answer.bytes,
    );
  }

  get(key: string, now = Date.now()): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && now >= entry.expiresAt) {
      this.entries.delete(key);

      return undefined;
    }

    return entry;
  }

  /** Starts filling `key` unless a fill of it is under way; the ticket says whether the result may be kept. */
  beginFill(key: string, topic: AnswerTopic): { keep(answer: CachedAnswer): boolean; end(): void } | null {
    if (this.fills.has(key)) return null;
    const ticket = { topic, void: false };
    this.fills.set(key, ticket);

    return {
      keep: (answer) => {
        if (ticket.void) return false;
        this.entries.set(key, answer);

        return true;
      },
      end: () => {
        if (this.fills.get(key) === ticket) this.fills.delete(key);
      },
    };
  }

  /** Drops every answer showing one of `topics` and voids fills of them; all of them when `topics` is "all". */
  invalidate(topics: readonly AnswerTopic[] | "all"): void {
    const hit = topics === "all" ? () => true : (topic: AnswerTopic) => topics.includes(topic);
    this.entries.deleteWhere((entry) => hit(entry.topic));
    for (const fill of this.fills.values()) if (hit(fill.topic)) fill.void = true;
  }
}
