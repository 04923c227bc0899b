import { ApiRequestError, callEndpoint } from "@/components/api/client";
import { getJobStatusEndpoint } from "@/lib/jobs/endpoints";
import { isTerminal, jobMessageSchema, type JobMessage } from "@/lib/jobs/job-messages";

/** How the browser is currently receiving a job's progress, best first. */
export type ProgressTransport = "websocket" | "sse" | "polling";

export type ProgressListener = {
  onMessage: (message: JobMessage) => void;
  onTransport: (transport: ProgressTransport) => void;
  /** The job does not exist (WebSocket close 4404, or 404 from the status endpoint). */
  onNotFound: () => void;
};

const POLL_MS = 1_500;
const POLL_MAX_MS = 15_000;
const NOT_FOUND_CLOSE = 4404;

type Transport = (jobId: string, deliver: (raw: unknown) => void, fallback: () => void, notFound: () => void) => () => void;

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Same-origin socket URL: the custom server answers the upgrade on the page's own port. */
function socketUrl(jobId: string): string {
  const url = new URL(`/api/ws/${encodeURIComponent(jobId)}`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";

  return url.toString();
}

const overWebSocket: Transport = (jobId, deliver, fallback, notFound) => {
  if (typeof WebSocket === "undefined") {
    fallback();

    return () => {};
  }
  let socket: WebSocket;
  try {
    socket = new WebSocket(socketUrl(jobId));
  } catch {
    fallback();

    return () => {};
  }
  socket.onmessage = (event) => deliver(parseJson(event.data));
  // Any close before the terminal message (proxy without upgrades, server restart, network
  // drop) hands over to the next transport, which starts with the job's current state.
  socket.onclose = (event) => (event.code === NOT_FOUND_CLOSE ? notFound() : fallback());

  return () => {
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
  };
};

const overServerSentEvents: Transport = (jobId, deliver, fallback) => {
  if (typeof EventSource === "undefined") {
    fallback();

    return () => {};
  }
  const source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`);
  const onEvent = (event: MessageEvent) => deliver(parseJson(event.data));
  for (const type of ["progress", "completed", "failed"]) source.addEventListener(type, onEvent);
  // EventSource would reconnect by itself forever (a 404 included); polling is the sturdier
  // last resort and tells a missing job apart from a flaky connection.
  source.onerror = () => {
    source.close();
    fallback();
  };

  return () => source.close();
};

/** Polls GET /api/jobs/:id/status; transient failures back off instead of giving up. */
const byPolling: Transport = (jobId, deliver, _fallback, notFound) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let delay = POLL_MS;

  const poll = async () => {
    try {
      const status = await callEndpoint(getJobStatusEndpoint, { params: { id: jobId } });
      delay = POLL_MS;
      deliver({
        type: status.status === "completed" ? "completed" : status.status === "failed" ? "failed" : "progress",
        job_id: status.id,
        status: status.status,
        step: status.step,
        progress: status.progress,
        counts: status.counts,
        step_timings: status.step_timings,
        error: status.error,
        code: status.code,
        charge_returned: status.charge_returned,
        charge_return_reason: status.charge_return_reason,
        completed_at: status.completed_at,
        at: new Date().toISOString(),
      } satisfies JobMessage);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return notFound();
      delay = Math.min(delay * 2, POLL_MAX_MS);
    }
    if (!stopped) timer = setTimeout(() => void poll(), delay);
  };
  void poll();

  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};

const CHAIN: [ProgressTransport, Transport][] = [
  ["websocket", overWebSocket],
  ["sse", overServerSentEvents],
  ["polling", byPolling],
];

/**
 * Follows a job until its terminal message: WebSocket first, then SSE, then polling of
 * /status. Every transport sends the current state first, so a hand-over loses nothing.
 * Returns a function that stops watching.
 */
export function watchJobProgress(jobId: string, listener: ProgressListener): () => void {
  let finished = false;
  let stopCurrent: () => void = () => {};

  const finish = () => {
    finished = true;
    stopCurrent();
  };
  const deliver = (raw: unknown) => {
    const parsed = jobMessageSchema.safeParse(raw);
    if (finished || !parsed.success || parsed.data.job_id !== jobId) return;
    listener.onMessage(parsed.data);
    if (isTerminal(parsed.data)) finish();
  };
  const notFound = () => {
    if (finished) return;
    finish();
    listener.onNotFound();
  };
  const start = (index: number) => {
    const entry = CHAIN[index];
    if (finished || !entry) return;
    const [name, transport] = entry;
    listener.onTransport(name);
    let handedOver = false;
    stopCurrent = transport(
      jobId,
      deliver,
      () => {
        if (handedOver || finished) return;
        handedOver = true;
        start(index + 1);
      },
      notFound,
    );
  };

  start(0);

  return finish;
}
