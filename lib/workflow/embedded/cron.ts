import { sql } from "drizzle-orm";
import type { Database } from "@/db";
import type { FunctionInfo } from "./functions";
import { CRON_EVENT } from "./protocol";
import { insertRun, normalizeEvent } from "./runs";
import { at, rows } from "./sql";

/** Ticks older than this are pruned from workflow_cron_ticks (they only de-dupe recent ticks). */
const TICK_RETENTION_MS = 7 * 24 * 3600_000;

/**
 * Fires cron triggers. Every worker computes the same schedule; the first to insert
 * `(fn_id, scheduled_at)` into workflow_cron_ticks creates the run — in the same
 * transaction, so a tick is never fired twice nor lost between "claimed" and "run created".
 * Like Inngest, ticks missed while no worker was up are not backfilled: a scheduler starts
 * from the first tick after it was created.
 */
export class CronScheduler {
  private readonly next = new Map<string, number>();
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    private readonly log: (message: string) => void,
  ) {}

  /** Creates runs for due ticks; returns their run ids. */
  async fireDue(functions: Iterable<FunctionInfo>, now = Date.now()): Promise<string[]> {
    const created: string[] = [];
    for (const fn of functions) {
      for (const { expression, cron } of fn.crons) {
        const slot = `${fn.id}\u0000${expression}`;
        if (!this.next.has(slot)) this.next.set(slot, cron.nextRun(new Date(now))?.getTime() ?? Infinity);
        const due = this.next.get(slot)!;
        if (now < due) continue;
        // Skip every tick that passed while we were busy; fire only the latest due one.
        let latest = due;
        for (let t = cron.nextRun(new Date(due))?.getTime(); t !== undefined && t <= now; t = cron.nextRun(new Date(t))?.getTime()) {
          latest = t;
        }
        this.next.set(slot, cron.nextRun(new Date(latest))?.getTime() ?? Infinity);
        const runId = await this.fireTick(fn, expression, latest);
        if (runId) created.push(runId);
      }
    }
    await this.prune(now);

    return created;
  }

  private async fireTick(fn: FunctionInfo, expression: string, scheduledAt: number): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const won = await rows(
        tx,
        sql`insert into workflow_cron_ticks (fn_id, scheduled_at) values (${fn.id}, ${at(scheduledAt)})
            on conflict do nothing returning fn_id`,
      );
      if (won.length === 0) return undefined; // another worker fired this tick
      const iso = new Date(scheduledAt).toISOString().replace(/\.\d{3}Z$/, "Z");
      const event = normalizeEvent({ name: CRON_EVENT, data: { cron: expression, scheduledAt: iso, fireAt: iso } });
      const { runId } = await insertRun(tx, fn, [event]);
      this.log(`cron ${fn.id} (${expression}) tick ${iso} -> run ${runId}`);

      return runId;
    });
  }

  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < 3600_000) return;
    this.lastPrune = now;
    await rows(this.db, sql`delete from workflow_cron_ticks where scheduled_at < ${at(now - TICK_RETENTION_MS)}`);
  }
}
