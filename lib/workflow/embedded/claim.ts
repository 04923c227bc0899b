import { sql } from "drizzle-orm";
import type { Database } from "@/db";
import { isSuspect } from "./lease-losses";
import { nowPlusMs, rows, type Db } from "./sql";

export type QueueItemKind = "call" | "sleep" | "invoke";

/** A queue item this worker holds a lease on. `leaseToken` proves ownership on every write. */
export type ClaimedItem = {
  id: number;
  runId: string;
  /** "step" = discovery; otherwise the hashed id of a planned step, sleep or invoke. */
  stepId: string;
  kind: QueueItemKind;
  attempt: number;
  leaseToken: string;
  /** Times this item was taken over from a worker that lost its lease (this claim included). */
  leaseLosses: number;
};

type CandidateRow = {
  id: number | string | bigint;
  run_id: string;
  step_id: string;
  kind: QueueItemKind;
  attempt: number;
  lease_losses: number;
  /** Set on an item whose lease expired: claiming it now is a takeover. */
  leased_by: string | null;
  concurrency_key: string | null;
  concurrency_limit: number | null;
};

/**
 * Claims up to `max` due queue items in ONE transaction, safe with many worker processes:
 * - candidates are selected `FOR UPDATE SKIP LOCKED`, so two workers never lease the same row;
 * - per concurrency key, count-then-claim runs under `pg_advisory_xact_lock(hashtext(key))`
 *   (taken in sorted key order, so workers cannot deadlock), so two workers cannot both see
 *   "one slot free" and both take it.
 * Concurrency counts executing call requests (leased `call` items), as Inngest does
 * ("concurrency limits step execution, not runs"): sleeping or backing-off runs hold no slot.
 * A lease that expired (its worker died) makes the item claimable again: that is the
 * whole crash recovery. Each such takeover of a call request is counted (`lease_losses`), and
 * a suspect (a call request taken over before, below the limit) runs alone in its worker: it
 * is claimed only by a worker with nothing in flight, which claims nothing else until it ends,
 * and a worker that sees one due stops claiming until it is empty. So a step that kills its
 * worker costs the steps running beside it one loss each, once, and only its own deaths bring
 * it to MAX_LEASE_LOSSES (lease-losses.ts).
 */
export async function claimDueItems(
  db: Database,
  opts: {
    max: number;
    leaseMs: number;
    /** Tokens this worker leases with start with `${workerId}#`: its own expired leases are no takeover. */
    workerId: string;
    newToken: () => string;
    /** Items this worker is still executing: after a stall longer than the lease it must not call them again itself. */
    inFlight?: ReadonlySet<number>;
  },
): Promise<ClaimedItem[]> {
  if (opts.max <= 0) return [];

  return db.transaction(async (tx) => {
    const candidates = await rows<CandidateRow>(
      tx,
      // `busy` pre-filters keys already at their limit: otherwise one key with a big backlog
      // would fill every scan window and starve all other keys (head-of-line blocking).
      // It is not authoritative — the count under the advisory lock below decides.
      sql`with busy as (
            select r2.concurrency_key as key, count(*)::int as n
            from workflow_queue q2 join workflow_runs r2 on r2.run_id = q2.run_id
            where q2.kind = 'call' and q2.leased_until >= now() and r2.concurrency_key is not null
            group by r2.concurrency_key)
          select q.id, q.run_id, q.step_id, q.kind, q.attempt, q.lease_losses, q.leased_by, r.concurrency_key, r.concurrency_limit
          from workflow_queue q
            join workflow_runs r on r.run_id = q.run_id
            left join busy b on b.key = r.concurrency_key
          where r.status = 'running' and q.available_at <= now()
            and (q.leased_until is null or q.leased_until < now())
            and (q.kind <> 'call' or r.concurrency_limit is null or coalesce(b.n, 0) < r.concurrency_limit)
          order by q.available_at, q.id
          limit ${opts.max * 4 + 16}
          for update of q skip locked`,
    );
    const limited = (c: CandidateRow) => c.kind === "call" && c.concurrency_key !== null && c.concurrency_limit !== null;
    const keys = [...new Set(candidates.filter(limited).map((c) => c.concurrency_key!))];
    const used = await lockAndCountExecuting(tx, keys);

    const busy = (opts.inFlight?.size ?? 0) > 0;
    const claimed: ClaimedItem[] = [];
    for (const c of candidates) {
      if (claimed.length >= opts.max) break;
      if (opts.inFlight?.has(Number(c.id))) continue;
      const slot = limited(c) ? (used.get(c.concurrency_key!) ?? 0) : undefined;
      if (slot !== undefined && slot >= c.concurrency_limit!) continue; // waits: the slot frees when a call request ends
      // Taking back our own expired lease (the item is no longer in flight here: saving its outcome
      // failed, say while the database was away) is no loss: this worker did not die.
      const takeover = c.kind === "call" && c.leased_by !== null && !c.leased_by.startsWith(`${opts.workerId}#`);
      const leaseLosses = Number(c.lease_losses) + (takeover ? 1 : 0);
      const suspect = isSuspect({ kind: c.kind, leaseLosses });
      // Drains first: the suspect must not share the process with steps it could take down.
      if (suspect && (busy || claimed.length > 0)) break;
      if (slot !== undefined) used.set(c.concurrency_key!, slot + 1);
      claimed.push({
        id: Number(c.id),
        runId: c.run_id,
        stepId: c.step_id,
        kind: c.kind,
        attempt: Number(c.attempt),
        leaseToken: opts.newToken(),
        leaseLosses,
      });
      if (suspect) break;
    }
    // One statement for every lease: a statement per item made a claim of 50 items 50 round trips.
    if (claimed.length > 0) {
      const leases = claimed.map((c) => sql`(${c.id}::bigint, ${c.leaseToken}::text, ${c.leaseLosses}::int)`);
      await rows(
        tx,
        sql`update workflow_queue q set leased_by = l.token, leased_until = ${nowPlusMs(opts.leaseMs)}, lease_losses = l.losses
            from (values ${sql.join(leases, sql`, `)}) as l(id, token, losses)
            where q.id = l.id`,
      );
    }

    return claimed;
  });
}

/**
 * Takes every key's advisory lock, in the database's sort order of the keys (the same in every
 * worker, so two cannot deadlock), then counts each key's executing call requests (leased and not
 * expired). Two statements whatever the number of keys: with fifty callers' jobs a claim took a
 * lock and a count per key, a hundred round trips holding up every step waiting to be claimed.
 * The count is its own statement so that it sees whatever committed before the locks were granted.
 */
async function lockAndCountExecuting(tx: Db, keys: readonly string[]): Promise<Map<string, number>> {
  const used = new Map<string, number>(keys.map((key) => [key, 0]));
  if (keys.length === 0) return used;
  const list = sql`array[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  await rows(tx, sql`select pg_advisory_xact_lock(hashtext(k)) from (select k from unnest(${list}) as t(k) order by k) as ordered`);
  const counts = await rows<{ key: string; n: number | string }>(
    tx,
    sql`select r.concurrency_key as key, count(*)::int as n from workflow_queue q join workflow_runs r on r.run_id = q.run_id
        where r.concurrency_key = any(${list}) and q.kind = 'call' and q.leased_until >= now()
        group by r.concurrency_key`,
  );
  for (const row of counts) used.set(row.key, Number(row.n));

  return used;
}

/** Extends the lease while a call request runs. False = the lease was lost (another worker took over). */
export async function heartbeat(db: Db, item: ClaimedItem, leaseMs: number): Promise<boolean> {
  const updated = await rows(
    db,
    sql`update workflow_queue set leased_until = ${nowPlusMs(leaseMs)}
        where id = ${item.id} and leased_by = ${item.leaseToken} returning id`,
  );

  return updated.length > 0;
}
