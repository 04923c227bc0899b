import { findJob } from "@/lib/jobs/get-job";
import { getJobEventHub } from "./job-event-hub";
import { isTerminal, jobMessage, type JobMessage } from "@/lib/jobs/job-messages";

export type JobWatch = { stop: () => void };

/**
 * Streams a job's messages to `send` (with their JSON, shared by every watcher of the job): the current state first, then every change, and
 * `onEnd` after the terminal message. Subscribes BEFORE reading the state, so no change
 * between the read and the subscription is lost. Returns null when the job does not exist.
 */
export async function watchJob(
  jobId: string,
  send: (message: JobMessage, text: string) => void,
  onEnd: () => void,
): Promise<JobWatch | null> {
  let ended = false;
  let lastAt = "";
  let unsubscribe = () => {};
  const deliver = (message: JobMessage, text = JSON.stringify(message)) => {
    if (ended || message.at < lastAt) return;
    lastAt = message.at;
    send(message, text);
    if (isTerminal(message)) {
      ended = true;
      unsubscribe();
      onEnd();
    }
  };

  unsubscribe = await getJobEventHub().subscribe(jobId, deliver);
  if (ended) unsubscribe();
  const job = await findJob(jobId);
  if (!job) {
    unsubscribe();

    return null;
  }
  deliver(jobMessage(job));

  return {
    stop: () => {
      ended = true;
      unsubscribe();
    },
  };
}
