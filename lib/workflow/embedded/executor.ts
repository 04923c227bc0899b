import { hostname } from "node:os";
import { getDatabase, type DatabaseHandle } from "@/db";
import { computeBackoffMs } from "@/lib/http/backoff";
import { runWithStepSignal } from "../step-signal";
import { applyOutcome, LeaseLostError, timerOutcome, type ApplyContext } from "./apply";
import { exponentialBackoff, type Backoff } from "./backoff";
import { buildCallRequest, interpretResponse, sendCallRequest, type Outcome } from "./call";
import { claimDueItems, heartbeat, type ClaimedItem } from "./claim";
import { CronScheduler } from "./cron";
import { describeFunction, syncFunctions, type FunctionInfo } from "./functions";
import { newId } from "./ids";
import { isSuspect, MAX_LEASE_LOSSES, WORKER_CRASHED_ERROR } from "./lease-losses";
import { consoleLogger, type Logger } from "./logger";
import type { EventInput, ServeHandler } from "./protocol";
import { createRunsForEvents, findRun, listSteps, normalizeEvent, type CreatedRun, type RunRecord, type StepRecord } from "./runs";

/** Longest wait between two ticks while they keep failing (the database is away). */
const MAX_TICK_BACKOFF_MS = 5_000;

export type EmbeddedExecutorOptions = {
  /** `serve({ client, functions })` from "inngest/next": the executor speaks HTTP to it in-process. */
  handler: ServeHandler;
  /** The URL the handler believes it is served at (only used to build Request objects). */
  serveUrl: string;
  /** Defaults to the process-wide handle (getDatabase()). */
  database?: DatabaseHandle;
  /** Lease of a running call request; a crashed worker's item is taken over after it. Default 15 s. */
  leaseMs?: number;
  /** Queue polling interval. Default 250 ms (new work in this process wakes the loop at once). */
  pollMs?: number;
  /** Retry delay: a base in ms for exponential backoff with jitter, or a function of the attempt. */
  backoffMs?: number | Backoff;
  /** Call requests this worker executes at the same time. Default 16. */
  maxInFlight?: number;
  log?: Logger;
  /**
   * Asked before every tick: while it answers true, no cron fires and no new call request is
   * claimed (those in flight finish). The server pauses on low storage this way.
   */
  paused?: () => Promise<boolean>;
  /** The clock cron schedules are read against (tests drive it virtually). Default Date.now. */
  now?: () => number;
};

export type SendResult = {
  /** Ids of the events as stored (given ids are kept). */
  eventIds: string[];
  /** Every run the events started (one event may start several functions' runs). */
  runs: CreatedRun[];
  runIds: string[];
};

/**
 * Runs Inngest functions durably without the Inngest server: a small "Inngest server" in
 * Node that keeps runs, memoised steps and a queue of call requests in PostgreSQL, and
 * drives the SDK's own serve() handler with the documented call-request protocol. It never
 * re-implements function logic: any InngestFunction served by the handler runs unchanged.
 */
export class EmbeddedExecutor {
  readonly workerId = `${hostname()}:${process.pid}:${newId().slice(-6)}`;
  private readonly db: DatabaseHandle["db"];
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly backoff: Backoff;
  private readonly maxInFlight: number;
  private readonly log: Logger;
  private readonly cron: CronScheduler;
  private functions = new Map<string, FunctionInfo>();
  private synced?: Promise<void>;
  private loop?: Promise<void>;
  private stopping = false;
  private wakeUp?: () => void;
  private readonly inflight = new Set<Promise<void>>();
  private readonly inflightItems = new Set<number>();
  /** A call request taken over from a dead worker runs alone: nothing is claimed beside it. */
  private suspectsInFlight = 0;
  private leaseCounter = 0;

  constructor(private readonly opts: EmbeddedExecutorOptions) {
    this.db = (opts.database ?? getDatabase()).db;
    this.leaseMs = opts.leaseMs ?? 15_000;
    this.pollMs = opts.pollMs ?? 250;
    this.backoff = typeof opts.backoffMs === "function" ? opts.backoffMs : exponentialBackoff({ baseMs: opts.backoffMs ?? 1000 });
    this.maxInFlight = opts.maxInFlight ?? 16;
    this.log = opts.log ?? consoleLogger();
    this.cron = new CronScheduler(this.db, (m) => this.log.info(m));
  }

  /** Learns the function configs (in-band sync) once; ingestion works after this, without start(). */
  ready(): Promise<void> {
    this.synced ??= syncFunctions(this.opts.handler, this.opts.serveUrl).then((configs) => {
      const warn = (m: string) => this.log.warn(m);
      this.functions = new Map(configs.map((c) => [c.id, describeFunction(c, warn)]));
      this.log.debug(`synced ${configs.length} functions: ${[...this.functions.keys()].join(", ")}`);
    });

    return this.synced;
  }

  /** Starts the worker loop: claims due call requests, fires crons. */
  async start(): Promise<void> {
    if (this.loop) return;
    await this.ready();
    this.stopping = false;
    this.loop = this.run();
    this.log.info(`embedded executor ${this.workerId} started (${this.functions.size} functions, lease ${this.leaseMs} ms)`);
  }

  /** Graceful stop: no new claims; call requests in flight finish and are saved. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loop;
    this.loop = undefined;
    await Promise.allSettled([...this.inflight]);
  }

  /** Event ingestion (inngest.send / step.sendEvent end here via `fetch`). Returns the runs started. */
  async send(input: EventInput | EventInput[]): Promise<SendResult> {
    await this.ready();
    const events = [input].flat().map(normalizeEvent);
    const runs = await this.db.transaction((tx) => createRunsForEvents(tx, this.functions.values(), events, (m) => this.log.warn(m)));
    for (const r of runs) this.log.debug(`run ${r.runId} of ${r.fnId} created by event ${r.eventId}`);
    this.wakeUp?.();

    return { eventIds: events.map((e) => e.id), runs, runIds: runs.map((r) => r.runId) };
  }

  /**
   * Pass as the client's `fetch`: the SDK's only outbound call here is `POST /e/<key>`
   * (inngest.send, step.sendEvent). Anything else (checkpoint API, realtime, REST API) has
   * no embedded equivalent and fails loudly instead of hanging on a missing server.
   */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input));
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    if (method === "POST" && /^\/e\/[^/]+\/?$/.test(url.pathname)) {
      const text = init?.body !== undefined && init.body !== null ? String(init.body) : await (request?.text() ?? "[]");
      const { eventIds } = await this.send(JSON.parse(text) as EventInput | EventInput[]);

      return Response.json({ ids: eventIds, status: 200 }); // the SDK's sendEventResponseSchema
    }
    throw new Error(`embedded workflow executor: no Inngest server for ${method} ${url.href}`);
  };

  findRun(runId: string): Promise<RunRecord | undefined> {
    return findRun(this.db, runId);
  }

  listSteps(runId: string): Promise<StepRecord[]> {
    return listSteps(this.db, runId);
  }

  /** Resolves when the run has ended (any worker process may run it). */
  async waitForRun(runId: string, { timeoutMs = 30_000 } = {}): Promise<RunRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const run = await this.findRun(runId);
      if (run && run.status !== "running") return run;
      if (Date.now() > deadline) throw new Error(`run ${runId} still ${run?.status ?? "missing"} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, Math.min(Math.max(this.pollMs, 25), 250)));
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        await this.tick();
        if (failures > 0) this.log.info(`executor ticks work again after ${failures} failed`);
        failures = 0;
      } catch (error) {
        // A database that is away fails every tick: back off (up to MAX_TICK_BACKOFF_MS) and say
        // so once, instead of a failed round trip and an error line every pollMs.
        if (failures === 0) this.log.error(`executor tick failed; retrying with backoff until it works`, error);
        failures += 1;
      }
      if (this.stopping) break;
      const delayMs =
        failures === 0
          ? this.pollMs
          : computeBackoffMs(failures, { baseMs: Math.max(this.pollMs, 50), maxMs: MAX_TICK_BACKOFF_MS, jitter: 0 });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, delayMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        // New work cuts a poll short, not a backoff (only stop() does).
        this.wakeUp = () => {
          if (failures === 0 || this.stopping) done();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private async tick(): Promise<void> {
    if (await this.opts.paused?.()) return;
    await this.cron.fireDue(this.functions.values(), this.opts.now?.() ?? Date.now());
    if (this.suspectsInFlight > 0) return;
    const items = await claimDueItems(this.db, {
      max: this.maxInFlight - this.inflight.size,
      leaseMs: this.leaseMs,
      workerId: this.workerId,
      newToken: () => `${this.workerId}#${++this.leaseCounter}`,
      inFlight: this.inflightItems,
    });
    for (const item of items) {
      this.inflightItems.add(item.id);
      const suspect = isSuspect(item);
      if (suspect) this.suspectsInFlight += 1;
      const task: Promise<void> = this.process(item).finally(() => {
        this.inflight.delete(task);
        this.inflightItems.delete(item.id);
        if (suspect) this.suspectsInFlight -= 1;
        this.wakeUp?.();
      });
      this.inflight.add(task);
    }
  }

  /** One queue item: a call request to the SDK, or a timer (sleep / invoke timeout) firing. */
  private async process(item: ClaimedItem): Promise<void> {
    try {
      const outcome = item.kind === "call" ? await this.callUnlessCrashedTooOften(item) : timerOutcome(item);
      const ctx: ApplyContext = { functions: this.functions, warn: (m) => this.log.warn(m) };
      const result = await this.db.transaction((tx) => applyOutcome(tx, item, outcome, ctx));
      this.logOutcome(item, outcome);
      for (const runId of result.createdRuns) if (runId) this.log.debug(`run ${runId} created by run ${item.runId}`);
    } catch (error) {
      // Not applied: the item stays leased until its lease expires, then it is called again (taken
      // back by this worker, that is no lease loss; by another, it counts as one).
      if (error instanceof LeaseLostError) this.log.warn(error.message);
      else this.log.error(`run ${item.runId}: item ${item.id} failed in the executor`, error);
    }
  }

  /**
   * A call request whose worker died (or stalled past the lease) MAX_LEASE_LOSSES times is
   * not called again: the run fails, so the function's onFailure handler ends what it was for.
   */
  private async callUnlessCrashedTooOften(item: ClaimedItem): Promise<Outcome> {
    if (item.leaseLosses === 0) return this.call(item);
    const where = `run ${item.runId}: item ${item.id}`;
    if (item.leaseLosses < MAX_LEASE_LOSSES) {
      this.log.warn(`${where} taken over from a worker that lost its lease (${item.leaseLosses} of ${MAX_LEASE_LOSSES}); it runs alone`);

      return this.call(item);
    }
    const message = `the step's worker process died or stalled past its lease ${item.leaseLosses} times while running it; it is not run again`;
    this.log.error(`${where}: ${message}`);

    return { type: "failed", error: { name: WORKER_CRASHED_ERROR, message } };
  }

  private async call(item: ClaimedItem): Promise<Outcome> {
    const [run, steps] = await Promise.all([this.findRun(item.runId), this.listSteps(item.runId)]);
    const fn = run && this.functions.get(run.fnId);
    if (!run) return { type: "failed", error: { name: "Error", message: `run ${item.runId} not found` } };
    if (!fn) return { type: "failed", error: { name: "Error", message: `function ${run.fnId} is not served by this app` } };

    // Losing the lease means another worker may now run this step: abort ours (its fetches
    // stop) and discard whatever it returns.
    const lease = new AbortController();
    const timer = setInterval(
      () => {
        heartbeat(this.db, item, this.leaseMs)
          .then((held) => {
            if (held || lease.signal.aborted) return;
            this.log.warn(`run ${item.runId}: lease on item ${item.id} lost during the call; stopping the step`);
            lease.abort(new LeaseLostError(item));
          })
          .catch((error: unknown) => this.log.warn("heartbeat failed", error));
      },
      Math.max(this.leaseMs / 3, 20),
    );
    try {
      const body = buildCallRequest(run, steps, item, fn);
      const response = await runWithStepSignal(lease.signal, () =>
        sendCallRequest(this.opts.handler, this.opts.serveUrl, fn.id, item.stepId, body),
      );
      if (lease.signal.aborted) throw new LeaseLostError(item);

      return interpretResponse(response, item, fn, this.backoff);
    } finally {
      clearInterval(timer);
    }
  }

  private logOutcome(item: ClaimedItem, outcome: Outcome): void {
    const where = `run ${item.runId} (${item.stepId === "step" ? "discovery" : `step ${item.stepId.slice(0, 8)}`}, attempt ${item.attempt})`;
    if (outcome.type === "retry") {
      const message = (outcome.error as { message?: string } | null)?.message ?? "";
      this.log.info(
        `${where}: ${outcome.stepName ? `step "${outcome.stepName}"` : "function"} error "${message}", retry in ${outcome.delayMs} ms`,
      );
    } else if (outcome.type === "completed") this.log.debug(`${where}: completed`);
    else if (outcome.type === "failed") this.log.warn(`${where}: failed`, outcome.error);
    else for (const s of outcome.saves) this.log.debug(`${where}: step "${s.name ?? s.hashedId}" ${s.op}`);
  }
}

export function createEmbeddedExecutor(options: EmbeddedExecutorOptions): EmbeddedExecutor {
  return new EmbeddedExecutor(options);
}
