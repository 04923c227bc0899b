import { processSlot } from "@/lib/process-slot";
import { getDatabase } from "@/db";
import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { logger } from "@/lib/log";
import { findJob } from "@/lib/jobs/get-job";
import { JOB_EVENTS_CHANNEL, jobMessage, readJobNotice, type JobMessage } from "@/lib/jobs/job-messages";

/** `text` is the message as JSON, serialized once per notification for every subscriber. */
type Subscriber = (message: JobMessage, text: string) => void;

/**
 * Fans job messages out to this process's subscribers (WebSockets, SSE streams). One LISTEN
 * per process on the database: any web instance can serve any job, whichever worker runs it.
 */
class JobEventHub {
  private subscribers = new Map<string, Set<Subscriber>>();
  private listening: Promise<() => Promise<void>> | null = null;

  /** Resolves once the subscription is live, so a state read afterwards misses nothing. */
  async subscribe(jobId: string, subscriber: Subscriber): Promise<() => void> {
    await this.ensureListening();
    const set = this.subscribers.get(jobId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(jobId, set);

    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(jobId);
    };
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;

    return n;
  }

  private ensureListening() {
    this.listening ??= getDatabase()
      .listen(JOB_EVENTS_CHANNEL, (payload) => this.dispatch(payload))
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });

    return this.listening;
  }

  private dispatch(payload: string) {
    const notice = readJobNotice(payload);
    if (!notice) {
      logger.warn("ignored malformed job message", { payload: boundText(payload, QUOTED_TEXT_MAX) });

      return;
    }
    if (!this.subscribers.has(notice.jobId)) return;
    if (notice.message) this.fanOut(notice.message);
    else void this.fanOutFromDatabase(notice.jobId);
  }

  /** A notice without the whole message (a failure's text is never in one): the row has it. */
  private async fanOutFromDatabase(jobId: string) {
    try {
      const job = await findJob(jobId);
      if (job) this.fanOut(jobMessage(job));
    } catch (error) {
      logger.warn("could not read an announced job", { jobId, error });
    }
  }

  private fanOut(message: JobMessage) {
    const subscribers = this.subscribers.get(message.job_id);
    if (!subscribers) return;
    const text = JSON.stringify(message);
    for (const subscriber of subscribers) {
      try {
        subscriber(message, text);
      } catch (error) {
        logger.warn("job message subscriber failed", { error });
      }
    }
  }

  async close() {
    const unlisten = await this.listening?.catch(() => null);
    this.listening = null;
    this.subscribers.clear();
    await unlisten?.();
  }
}

const hub = processSlot<JobEventHub>("job-event-hub");

/** The process-wide hub (shared by the custom server and Next's route modules). */
export function getJobEventHub(): JobEventHub {
  return hub.getOrCreate(() => new JobEventHub());
}

export async function closeJobEventHub(): Promise<void> {
  await hub.get()?.close();
  hub.set(undefined);
}
